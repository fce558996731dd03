#include "lsplace_options.h"

#include <cstdlib>

#include "format/json.h"

namespace openlim::cmd {
namespace {

Result<int> count(const std::string& opt, const std::string& v) {
  if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos)
    return Status(Code::kInvalid, "lsplace: bad value for -" + opt + ": '" + v +
                                      "' (a non-negative integer)");
  return std::atoi(v.c_str());
}

// Takes the value of a one-letter option: attached (-n2) or the next argument.
Result<std::string> valueOf(const std::vector<std::string>& a, size_t& i, const std::string& opt) {
  if (a[i].size() > 2) return a[i].substr(2);
  if (i + 1 >= a.size())
    return Status(Code::kInvalid, "lsplace: option requires an argument -- '" + opt + "'");
  return a[++i];
}

}  // namespace

std::string lsplaceUsage() {
  return "Usage: lsplace [-h] [-V] [-L] [-n minimum | -n 0] [-w maximum | -w 0]\n"
         "               [-R res_req] [--explain] [-json] [--from FILE] [host_name ...]\n";
}

Result<LsplaceOptions> parseLsplaceArgs(const std::vector<std::string>& a) {
  LsplaceOptions o;
  bool operandsOnly = false;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string& s = a[i];
    if (operandsOnly || s.empty() || s[0] != '-' || s == "-") {
      o.place.candidates.push_back(s);
      continue;
    }
    if (s == "--") { operandsOnly = true; continue; }
    if (s == "--explain") { o.place.explain = true; continue; }
    if (s == "-json" || s == "--json") { o.json = true; continue; }
    if (s == "--from" || s.rfind("--from=", 0) == 0) {
      if (s.size() > 6) { o.from = s.substr(7); continue; }
      if (i + 1 >= a.size())
        return Status(Code::kInvalid, "lsplace: option requires an argument -- 'from'");
      o.from = a[++i];
      continue;
    }
    std::string opt = s.substr(1, 1);
    if (opt == "h" && s.size() == 2) { o.help = true; continue; }
    if (opt == "V" && s.size() == 2) { o.version = true; continue; }
    if (opt == "L" && s.size() == 2) { o.place.fewestHosts = true; continue; }
    if (opt != "n" && opt != "w" && opt != "R")
      return Status(Code::kInvalid, "lsplace: invalid option -- '" + s.substr(1) + "'");
    auto v = valueOf(a, i, opt);
    if (!v) return v.status();
    if (opt == "R") { o.resreq = v.value(); continue; }
    auto n = count(opt, v.value());
    if (!n) return n.status();
    (opt == "n" ? o.place.minSlots : o.place.maxSlots) = n.value();
  }
  return o;
}

namespace {

// {"hosts": [slots], "explain": [{host, outcome, reason}], "error": text} (error only when
// placement failed; explain only with --explain) — the master's place reply, minus "ok".
void printJson(const LsplaceOptions& o, const PlacementResult& r, Out& out) {
  out << "{\"hosts\": [";
  for (size_t i = 0; i < r.slots.size(); ++i) out << (i ? ", " : "") << format::jsonQuote(r.slots[i]);
  out << "]";
  if (o.place.explain) {
    out << ", \"explain\": [";
    for (size_t i = 0; i < r.explanations.size(); ++i) {
      const auto& e = r.explanations[i];
      out << (i ? ", " : "") << "{\"host\": " << format::jsonQuote(e.host)
          << ", \"outcome\": " << format::jsonQuote(outcomeName(e.outcome))
          << ", \"reason\": " << format::jsonQuote(e.reason) << "}";
    }
    out << "]";
  }
  if (!r.status.isOk()) out << ", \"error\": " << format::jsonQuote(r.status.message());
  out << "}\n";
}

}  // namespace

int printPlacement(const LsplaceOptions& o, const PlacementResult& r, Out& out,
                   Out& err) {
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
  err << r.status.message() << '\n';
  return kExitNotEnough;
}

int placeAndPrint(const LsplaceOptions& o, const ConfigSnapshot& config, const HostTable& table,
                  const CompileOptions& compile, Out& out, Out& err) {
  auto req = compileRequest(o.resreq, config, compile);
  if (!req) {
    err << req.status().message() << '\n';
    return kExitUsage;
  }
  return printPlacement(o, place(**req, table, o.place), out, err);
}

}  // namespace openlim::cmd
