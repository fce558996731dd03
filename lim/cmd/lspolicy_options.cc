#include "lspolicy_options.h"

#include <cstdio>

#include "args.h"
#include "format/text.h"
#include "policy/policy_reply.h"

namespace openlim::cmd {
namespace {

using format::Json;

// -h is a host, as in NQE's nlbpolicy; --help prints the usage.
// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
std::vector<OptionSpec> lspolicyOptions() {
  return std::vector<OptionSpec>{{"p", true}, {"-strict"}, {"a", true},     {"c", true},
                                 {"n", true}, {"d"},       {"h", true},     {"-explain"},
                                 {"json"},    {"-json"},   {"-from", true}, {"-at", true},
                                 {"V"},       {"-help"},   {"s", true}};
}

Status usage(const std::string& why) {
  return Status(Code::kInvalid, "lspolicy: " + why);
}

std::string value(const Json& v) {
  if (v.isNull()) return "unknown";
  char buf[400];
  std::snprintf(buf, sizeof buf, "%f", v.asNumber());
  return buf;
}

}  // namespace

std::string lspolicyUsage() {
  return "Usage: lspolicy [-p policy] [--strict] [-a attr[=value]]... [-c count] [-n slots] [-d]\n"
         "                [-h host]... [-s server] [--explain] [-json] [--from SNAPSHOT]\n"
         "                [--at \"YYYY-MM-DD HH:MM\"] [--help] [-V]\n";
}

Result<LspolicyOptions> parseLspolicyArgs(const std::vector<std::string>& args) {
  auto a = parseArgs(joinSpacedAssignments(args, "-a"), lspolicyOptions());
  if (!a) return usage(a.status().message());
  if (!a->operands.empty())
    return usage("unexpected argument " + format::clipEcho(a->operands.front()) +
                 " (hosts are given with -h)");
  LspolicyOptions o;
  o.help = a->has("-help");
  o.version = a->has("V");
  o.policy = a->value("p").value_or("");
  o.strict = a->has("-strict");
  o.dump = a->has("d");
  o.explain = a->has("-explain");
  o.json = a->has("json") || a->has("-json");
  o.from = a->value("-from").value_or("");
  o.server = a->value("s").value_or("");
  if (a->has("s") && o.server.empty()) return usage("-s needs a host name");
  if (!o.server.empty() && !o.from.empty())
    return usage("-s and --from cannot be used together (--from asks no server)");
  if (a->has("h")) o.hosts = a->options.at("h");
  if (a->has("a")) {
    auto job = policy::parseJobAttributes(a->options.at("a"));
    if (!job) return usage("-a: " + job.status().message());
    o.job = std::move(job).value();
  }
  if (a->has("c")) {
    auto n = countOption("c", *a->value("c"), 1);
    if (!n) return usage(n.status().message());
    o.count = *n;
  }
  if (a->has("n")) {
    auto n = countOption("n", *a->value("n"), 1);
    if (!n) return usage(n.status().message());
    o.slots = *n;
  }
  if (a->has("-at")) {
    o.atText = *a->value("-at");
    auto t = policy::parseAtTime(o.atText);
    if (!t) return usage(t.status().message());
    o.at = *t;
  }
  return o;
}

std::string policyRequestText(const LspolicyOptions& o) {
  Json req = Json::object();  // keys sorted, as every command's requests
  if (o.at) req.add("at", Json::string(o.atText));
  req.add("attributes", Json::boolean(o.dump));
  if (o.count > 0) req.add("count", Json::number(o.count));
  req.add("explain", Json::boolean(o.explain));
  if (!o.hosts.empty()) {
    Json hosts = Json::array();
    for (const auto& h : o.hosts) hosts.push(Json::string(h));
    req.add("hosts", std::move(hosts));
  }
  if (!o.job.empty()) {
    Json job = Json::object();
    for (const auto& j : o.job)
      job.add(j.name, j.isText() ? Json::string(j.text) : Json::number(j.value));
    req.add("job", std::move(job));
  }
  req.add("op", Json::string("policy"));
  if (!o.policy.empty()) req.add("policy", Json::string(o.policy));
  req.add("slots", Json::number(o.slots));
  req.add("strict", Json::boolean(o.strict));
  return req.compact();
}

int printPolicyReply(const LspolicyOptions& o, const Json& reply, Out& out, Out& err) {
  if (const Json* w = reply.find("warnings"))
    for (const Json& x : w->items()) err << "lspolicy: warning: " << x.asString() << '\n';
  const Json* hosts = reply.find("hosts");
  size_t n = hosts ? hosts->size() : 0;
  const Json* sorted = reply.find("sorted");
  bool hasSort = sorted && sorted->asBool();
  if (o.json) {
    out << reply.dump();
  } else if (o.explain) {
    out << "policy " << reply.stringOr("policy") << " (" << reply.stringOr("period") << " time)\n"
        << reply.stringOr("explain");
  } else if (hosts) {
    for (const Json& h : hosts->items()) {
      const Json* v = h.find("value");
      std::string val = v ? value(*v) : "unknown";
      if (o.dump) {
        out << "object NLB (" << h.stringOr("host") << ") {\n";
        if (hasSort && v && !v->isNull()) out << "    NLB_POLICY = " << val << ";\n";
        if (const Json* attrs = h.find("attributes"))
          for (const Json& p : attrs->items())
            if (p.isArray() && p.size() == 2)
              out << "    " << p.items()[0].asString() << " = " << p.items()[1].asString() << ";\n";
        out << "}\n";
      } else if (hasSort) {
        out << h.stringOr("host") << ' ' << val << '\n';
      } else {
        out << h.stringOr("host") << '\n';
      }
    }
  }
  if (n > 0) return kExitOk;
  if (!o.json && !o.explain)
    err << "lspolicy: no host satisfies policy <" << reply.stringOr("policy") << ">\n";
  return kExitNotFound;
}

}  // namespace openlim::cmd
