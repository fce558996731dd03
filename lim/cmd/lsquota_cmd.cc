// lsquota (Grid Engine's qquota; docs/quotas.md, lsquota(1)): the resource quota rules that
// match a query and what reservations hold of them. The master formats the report (text,
// JSON or XML) from its quota state; the command prints it as it is. The request goes to
// the local lim's socket, which adds the verified caller: without -u the report is the
// caller's own, as qquota's.
#include "commands.h"
#include "format/reply_parse.h"

namespace openlim::cmd {
namespace {

using format::Json;

const CommandDef kLsquota{"lsquota",
                          "lsquota [-h host] [-l resource] [-u user | -u all] [-P project]\n"
                          "               [-pe pe] [-q queue] [-json | -xml] [-V]",
                          {{"h", true},
                           {"l", true},
                           {"u", true},
                           {"P", true},
                           {"pe", true},
                           {"q", true},
                           {"json"},
                           {"xml"}}};

}  // namespace

int runLsquota(const std::vector<std::string>& args, CmdIo& io) {
  int rc = 0;
  // -h names a host here (qquota's), so the help is only --help / -V through the parser.
  auto a = parseCommand(kLsquota, args, io, &rc);
  if (!a) return rc;
  if (!a->operands.empty())
    return usageError(kLsquota, io, "unexpected argument " + a->operands.front());
  if (a->has("json") && a->has("xml"))
    return usageError(kLsquota, io, "-json and -xml cannot be used together");
  Json req = Json::object();  // keys in sorted order, as every command's requests
  req.add("format", Json::string(a->has("json") ? "json" : a->has("xml") ? "xml" : "text"));
  if (auto v = a->value("h")) req.add("host", Json::string(*v));
  req.add("op", Json::string("quotas"));
  if (auto v = a->value("pe")) req.add("pe", Json::string(*v));
  if (auto v = a->value("P")) req.add("project", Json::string(*v));
  if (auto v = a->value("q")) req.add("queue", Json::string(*v));
  if (auto v = a->value("l")) req.add("resource", Json::string(*v));
  if (auto v = a->value("u")) req.add("user", Json::string(*v));
  LocalQuerier local(io.lim);
  auto reply = callRaw(local, req);
  if (!reply || !reply->find("ok") || !reply->find("ok")->asBool()) {
    if (!reply) return fail(io, "lsquota", reply.status());
    return fail(io, "lsquota", format::replyError(*reply));
  }
  io.out << reply->stringOr("text");
  return kExitOk;
}

}  // namespace openlim::cmd
