#include "lsplace_options.h"

#include "args.h"
#include "format/json.h"
#include "format/text.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
std::vector<OptionSpec> lsplaceOptions() {
  return std::vector<OptionSpec>{{"L"},        {"n", true},     {"w", true}, {"R", true},
                                 {"h"},        {"V"},           {"json"},    {"-json"},
                                 {"-explain"}, {"-from", true}, {"p", true}, {"a", true}};
}

Status usage(const std::string& why) {
  return Status(Code::kInvalid, "lsplace: " + why);
}

}  // namespace

std::string lsplaceUsage() {
  return "Usage: lsplace [-h] [-V] [-L] [-n minimum | -n 0] [-w maximum | -w 0]\n"
         "               [-R res_req] [-p policy [-a attr[=value]]...] [--explain] [-json]\n"
         "               [--from FILE] [host_name ...]\n";
}

Result<LsplaceOptions> parseLsplaceArgs(const std::vector<std::string>& args) {
  auto a = parseArgs(joinSpacedAssignments(args, "-a"), lsplaceOptions());
  if (!a) return usage(a.status().message());
  LsplaceOptions o;
  o.help = a->has("h");
  o.version = a->has("V");
  o.json = a->has("json") || a->has("-json");
  o.place.explain = a->has("-explain");
  o.place.fewestHosts = a->has("L");
  o.place.candidates = a->operands;
  o.resreq = a->value("R").value_or("");
  o.from = a->value("-from").value_or("");
  o.policy = a->value("p").value_or("");
  if (a->has("a")) {
    if (o.policy.empty()) return usage("-a needs -p: job attributes are for a policy");
    auto job = policy::parseJobAttributes(a->options.at("a"));
    if (!job) return usage("-a: " + job.status().message());
    o.job = std::move(job).value();
  }
  for (const char* opt : {"n", "w"}) {
    if (!a->has(opt)) continue;
    auto n = countOption(opt, *a->value(opt), 0);
    if (!n) return usage(n.status().message());
    (opt[0] == 'n' ? o.place.minSlots : o.place.maxSlots) = *n;
  }
  // -w 0 and -n 0 mean "as many as possible"; otherwise at most fewer than at least is void.
  if (o.place.maxSlots > 0 && o.place.minSlots > o.place.maxSlots)
    return usage("-w " + std::to_string(o.place.maxSlots) + " is less than -n " +
                 std::to_string(o.place.minSlots));
  return o;
}

namespace {

// {"hosts": [slots], "explain": [{host, outcome, reason}], "error": text} (error only when
// placement failed; explain only with --explain) — the master's place reply, minus "ok" —
// in every command's -json layout.
void printJson(const LsplaceOptions& o, const PlacementResult& r, Out& out) {
  using format::Json;
  Json hosts = Json::array();
  for (const auto& s : r.slots) hosts.push(Json::string(s));
  Json doc = Json::object();
  doc.add("hosts", std::move(hosts));
  if (o.place.explain) {
    Json explain = Json::array();
    for (const auto& e : r.explanations) {
      Json item = Json::object();
      item.add("host", Json::string(e.host));
      item.add("outcome", Json::string(outcomeName(e.outcome)));
      item.add("reason", Json::string(e.reason));
      explain.push(std::move(item));
    }
    doc.add("explain", std::move(explain));
  }
  if (!r.status.isOk()) doc.add("error", Json::string(r.status.message()));
  out << doc.dump();
}

}  // namespace

std::string clipEchoes(const LsplaceOptions& o, const std::string& message) {
  std::vector<std::string> words = o.place.candidates;
  words.push_back(o.resreq);
  return format::clipEchoes(message, words);
}

int printPlacement(const LsplaceOptions& o, const PlacementResult& r, Out& out, Out& err) {
  if (o.json) {
    printJson(o, r, out);
    if (r.status.isOk()) return kExitOk;
  } else if (o.place.explain) {
    for (const auto& e : r.explanations) out << e.line() << '\n';
  } else if (r.status.isOk()) {
    for (size_t i = 0; i < r.slots.size(); ++i) out << (i ? " " : "") << r.slots[i];
    out << '\n';
  }
  if (r.status.isOk()) return kExitOk;
  err << clipEchoes(o, r.status.message()) << '\n';
  return kExitNotFound;
}

}  // namespace openlim::cmd
