// lsreserve and lsrelease (docs/reservations.md): create, renew, list and release
// reservations. Requests go to the local lim's socket, which adds the verified caller and
// forwards them to the master; placement options are lsplace's.
#include <ctime>
#include <map>

#include "commands.h"
#include "format/reply_parse.h"
#include "format/text.h"

namespace openlim::cmd {
namespace {

using format::Json;

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsreserveDef() {
  return CommandDef{
      "lsreserve",
      "lsreserve [-h] [-V] [-L] [-n minimum] [-w maximum] [-R res_req] [-p policy]\n"
      "                 [-a attr[=value]] ... [-P project] [-q queue] [-pe pe] [-t lease]\n"
      "                 [-u user] [--explain] [-json] [host_name ...]\n"
      "       lsreserve -r reservation_id [-t lease] [-json]\n"
      "       lsreserve -l [-u user | -u all] [-json]",
      {{"L"},
       {"n", true},
       {"w", true},
       {"R", true},
       {"p", true},
       {"a", true},
       {"P", true},
       {"q", true},
       {"pe", true},
       {"t", true},
       {"u", true},
       {"r", true},
       {"l"},
       {"-explain"},
       {"json"}}};
}

CommandDef lsreleaseDef() {
  return CommandDef{"lsrelease", "lsrelease [-h] [-V] [-json] reservation_id ...", {{"json"}}};
}

// -json: a refusal is also an object on stdout, {"error": message, "code": the lim's code
// when it sent one}, so a script that reads stdout learns why (stderr says it as always).
void printJsonError(CmdIo& io, const Result<Json>& reply) {
  Json doc = Json::object();
  std::string message, code;
  if (reply) {
    message = reply->stringOr("error", format::replyError(*reply).message());
    code = reply->stringOr("code");
    message = format::clipEchoes(message, io.echoed);
  } else {
    message = failMessage(io, reply.status());
    if (reply.status().code() == Code::kUnavailable) code = "unavailable";
  }
  doc.add("error", Json::string(message));
  if (!code.empty()) doc.add("code", Json::string(code));
  io.out << doc.dump();
}

// A reply whose `code` is not ok, as the command's exit: rebuilding (a new master rebuilds its
// ledger) and noquorum (RESERVATION_CONSISTENCY = quorum: the master hears too few master
// candidates, or too few journalled the change) = 4 (try again).
int replyFailure(CmdIo& io, const std::string& cmd, const Result<Json>& reply, bool json) {
  if (json) printJsonError(io, reply);
  if (!reply) return fail(io, cmd, reply.status());
  std::string code = reply->stringOr("code");
  if (code == "rebuilding" || code == "noquorum") {
    io.err << cmd << ": " << format::clipEchoes(reply->stringOr("error"), io.echoed) << "\n";
    return kExitRetry;
  }
  return fail(io, cmd, format::replyError(*reply));
}

std::string timeText(double t) {
  std::time_t secs = static_cast<std::time_t>(t);
  std::tm tm{};
  ::localtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

std::string orDash(const std::string& s) {
  return s.empty() ? "-" : s;
}

// "2*hostA 1*hostB" and "mem=1000,licenses=6" (totals over the reservation's hosts).
std::pair<std::string, std::string> hostsAndAmounts(const Json& r) {
  std::string hosts;
  std::map<std::string, double> amounts;
  if (const Json* holds = r.find("holds"))
    for (const Json& h : holds->items()) {
      hosts += (hosts.empty() ? "" : " ") +
               std::to_string(static_cast<int>(h.find("slots")->asNumber())) + "*" +
               h.stringOr("host");
      if (const Json* a = h.find("amounts"))
        for (const Json& item : a->items())
          amounts[item.stringOr("resource")] += item.find("amount")->asNumber();
    }
  std::string text;
  for (const auto& [name, v] : amounts)
    text += (text.empty() ? "" : ",") + name + "=" + format::jsonNumber(v);
  return {hosts, text.empty() ? "-" : text};
}

int list(const ParsedArgs& a, CmdIo& io) {
  Json req = request("reservations");
  if (auto u = a.value("u")) req.add("user", Json::string(*u));
  auto reply = callRaw(io.lim, req);
  if (!reply || !reply->find("ok") || !reply->find("ok")->asBool())
    return replyFailure(io, "lsreserve", reply, a.has("json"));
  const Json* rs = reply->find("reservations");
  if (a.has("json")) {
    Json doc = Json::object();
    doc.add("reservations", rs ? *rs : Json::array());
    io.out << doc.dump();
    return kExitOk;
  }
  if (!rs || rs->size() == 0) {
    io.out << "No reservation found\n";
    return kExitOk;
  }
  io.out << format::padRight("ID", 28) << format::padRight("USER", 10)
         << format::padRight("PROJECT", 10) << format::padRight("QUEUE", 10)
         << format::padRight("PE", 8) << format::padRight("CREATED", 20)
         << format::padRight("EXPIRES", 20) << "HOSTS / AMOUNTS\n";
  bool overCommitted = false;
  for (const Json& r : rs->items()) {
    auto [hosts, amounts] = hostsAndAmounts(r);
    io.out << format::padRight(r.stringOr("id"), 27) << ' '
           << format::padRight(r.stringOr("user"), 9) << ' '
           << format::padRight(orDash(r.stringOr("project")), 9) << ' '
           << format::padRight(orDash(r.stringOr("queue")), 9) << ' '
           << format::padRight(orDash(r.stringOr("pe")), 7) << ' '
           << format::padRight(timeText(r.find("created")->asNumber()), 19) << ' '
           << format::padRight(timeText(r.find("expires")->asNumber()), 19) << ' ' << hosts << " / "
           << amounts << (r.find("overcommitted") ? "  [over-committed]" : "") << "\n";
    overCommitted = overCommitted || r.find("overcommitted");
  }
  // Only after a partition healed with RESERVATION_CONSISTENCY = available (docs/reservations.md).
  if (overCommitted)
    io.out << "[over-committed]: held beyond a host's slots or a quota limit since a partition "
              "healed; nothing more is admitted against that limit until usage falls back\n";
  return kExitOk;
}

int renew(const ParsedArgs& a, CmdIo& io) {
  Json req = request("renew");
  req.add("id", Json::string(*a.value("r")));
  if (auto t = a.value("t")) req.add("lease", Json::number(std::stod(*t)));
  auto reply = callRaw(io.lim, req);
  if (!reply || !reply->find("ok") || !reply->find("ok")->asBool())
    return replyFailure(io, "lsreserve", reply, a.has("json"));
  const Json* r = reply->find("reservation");
  if (a.has("json")) {
    io.out << (r ? *r : Json::object()).dump();
    return kExitOk;
  }
  io.out << "Reservation " << (r ? r->stringOr("id") : "") << " is renewed until "
         << timeText(r ? r->find("expires")->asNumber() : 0) << "\n";
  return kExitOk;
}

Json createRequest(const ParsedArgs& a, int n, int w, const std::string& local) {
  Json req = Json::object();  // keys in sorted order, as every command's requests
  req.add("L", Json::boolean(a.has("L")));
  if (a.has("a")) {
    Json attrs = Json::array();
    for (const auto& v : a.options.at("a")) attrs.push(Json::string(v));
    req.add("attrs", std::move(attrs));
  }
  if (a.has("-explain")) req.add("explain", Json::boolean(true));
  if (!a.operands.empty()) {
    Json hosts = Json::array();
    for (const auto& h : a.operands) hosts.push(Json::string(h));
    req.add("hosts", std::move(hosts));
  }
  if (auto t = a.value("t")) req.add("lease", Json::number(std::stod(*t)));
  if (!local.empty()) req.add("local", Json::string(local));
  req.add("n", Json::number(n));
  req.add("op", Json::string("reserve"));
  if (auto v = a.value("pe")) req.add("pe", Json::string(*v));
  if (auto v = a.value("p")) req.add("policy", Json::string(*v));
  if (auto v = a.value("P")) req.add("project", Json::string(*v));
  if (auto v = a.value("q")) req.add("queue", Json::string(*v));
  if (auto v = a.value("R")) req.add("resreq", Json::string(*v));
  if (auto v = a.value("u")) req.add("user", Json::string(*v));
  req.add("w", Json::number(w));
  return req;
}

// --explain: the placement's "host: reason" lines (as lsplace --explain), then each
// candidate host's quota verdict.
void printExplain(const Json& reply, Out& out) {
  for (const char* key : {"explain", "quota"})
    if (const Json* list = reply.find(key))
      for (const Json& e : list->items())
        out << e.stringOr("host") << ": " << e.stringOr("reason") << "\n";
}

void addExplain(const ParsedArgs& a, const Json& reply, Json& doc) {
  if (!a.has("-explain")) return;
  for (const char* key : {"explain", "quota"})
    doc.add(key, reply.find(key) ? *reply.find(key) : Json::array());
}

int create(const ParsedArgs& a, CmdIo& io) {
  int n = 1, w = -1;
  for (const char* opt : {"n", "w"}) {
    if (!a.has(opt)) continue;
    auto v = countOption(opt, *a.value(opt), 0);
    if (!v) return usageError(lsreserveDef(), io, v.status().message());
    (opt[0] == 'n' ? n : w) = *v;
  }
  if (w > 0 && n > w)
    return usageError(lsreserveDef(), io,
                      "-w " + std::to_string(w) + " is less than -n " + std::to_string(n));
  if (a.value("u") == std::optional<std::string>("all"))
    return usageError(lsreserveDef(), io, "-u all only lists (-l)");
  auto reply = callRaw(io.lim, createRequest(a, n, w, ""));
  if (!reply || !reply->find("ok") || !reply->find("ok")->asBool()) {
    if (reply && reply->stringOr("code") == "noteligible") {
      if (a.has("json") && a.has("-explain")) {
        Json doc = Json::object();
        doc.add("error", Json::string(reply->stringOr("error")));
        addExplain(a, *reply, doc);
        io.out << doc.dump();
      } else if (a.has("-explain")) {
        printExplain(*reply, io.out);
      } else if (a.has("json")) {
        printJsonError(io, reply);
      }
      io.err << "lsreserve: " << format::clipEchoes(reply->stringOr("error"), io.echoed) << "\n";
      return kExitNotFound;
    }
    return replyFailure(io, "lsreserve", reply, a.has("json"));
  }
  if (a.has("json")) {
    Json doc = Json::object();
    doc.add("id", Json::string(reply->stringOr("id")));
    doc.add("hosts", reply->find("hosts") ? *reply->find("hosts") : Json::array());
    doc.add("reservation", reply->find("reservation") ? *reply->find("reservation") : Json());
    addExplain(a, *reply, doc);
    io.out << doc.dump();
    return kExitOk;
  }
  io.out << "Reservation " << reply->stringOr("id") << " is created on host(s):";
  if (const Json* hosts = reply->find("hosts"))
    for (const Json& h : hosts->items()) io.out << ' ' << h.asString();
  io.out << "\n";
  if (a.has("-explain")) printExplain(*reply, io.out);
  return kExitOk;
}

}  // namespace

int runLsreserve(const std::vector<std::string>& args, CmdIo& io) {
  int rc = 0;
  auto a = parseCommand(lsreserveDef(), args, io, &rc);
  if (!a) return rc;
  if (auto t = a->value("t")) {
    auto lease = countOption("t", *t, 1);
    if (!lease) return usageError(lsreserveDef(), io, lease.status().message());
  }
  LocalQuerier local(io.lim);
  CmdIo lio{io.out, io.err, local, io.localHost, io.confirm, io.echoed};
  if (a->has("l")) {
    for (const char* o : {"r", "t", "n", "w", "R", "p", "a", "P", "q", "pe", "L", "-explain"})
      if (a->has(o))
        return usageError(lsreserveDef(), io,
                          "-l and -" + std::string(o) + " cannot be used together");
    if (!a->operands.empty()) return usageError(lsreserveDef(), io, "-l takes no host names");
    return list(*a, lio);
  }
  if (a->has("r")) {
    for (const char* o : {"n", "w", "R", "p", "a", "P", "q", "pe", "L", "u", "-explain"})
      if (a->has(o))
        return usageError(lsreserveDef(), io,
                          "-r and -" + std::string(o) + " cannot be used together");
    if (!a->operands.empty()) return usageError(lsreserveDef(), io, "-r takes no host names");
    return renew(*a, lio);
  }
  return create(*a, lio);
}

int runLsrelease(const std::vector<std::string>& args, CmdIo& io) {
  int rc = 0;
  auto a = parseCommand(lsreleaseDef(), args, io, &rc);
  if (!a) return rc;
  if (a->operands.empty()) return usageError(lsreleaseDef(), io, "no reservation id given");
  LocalQuerier local(io.lim);
  Json req = request("release");
  Json ids = Json::array();
  for (const auto& id : a->operands) ids.push(Json::string(id));
  req.add("ids", std::move(ids));
  auto reply = callRaw(local, req);
  if (!reply || !reply->find("ok") || !reply->find("ok")->asBool())
    return replyFailure(io, "lsrelease", reply, a->has("json"));
  const Json* results = reply->find("results");
  if (a->has("json")) {
    Json doc = Json::object();
    doc.add("results", results ? *results : Json::array());
    io.out << doc.dump();
  }
  rc = kExitOk;
  if (results)
    for (const Json& r : results->items()) {
      if (r.find("ok") && r.find("ok")->asBool()) {
        if (!a->has("json")) io.out << "Reservation " << r.stringOr("id") << " is released\n";
        continue;
      }
      if (!a->has("json"))
        io.err << "lsrelease: " << format::clipEchoes(r.stringOr("error"), io.echoed) << "\n";
      rc = kExitNotFound;
    }
  return rc;
}

}  // namespace openlim::cmd
