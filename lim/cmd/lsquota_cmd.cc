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

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsquotaDef() {
  return CommandDef{
      "lsquota",
      "lsquota [-h wc_host,...] [-l resource,...] [-u wc_user,... | -u all]\n"
      "               [-P wc_project,...] [-pe wc_pe,...] [-q wc_queue,...] [-json | -xml]\n"
      "               [-help] [-V]",
      {{"h", true},
       {"l", true},
       {"u", true},
       {"P", true},
       {"pe", true},
       {"q", true},
       {"json"},
       {"xml"}}};
}

// The names of a list option (-u alice,b* -u carol): every value, split at commas, as the
// request's array; an empty name is a usage error.
Result<Json> listOf(const ParsedArgs& a, const std::string& option) {
  Json list = Json::array();
  for (const std::string& value : a.options.at(option)) {
    for (size_t pos = 0;;) {
      size_t comma = value.find(',', pos);
      std::string item = value.substr(pos, comma == value.npos ? value.npos : comma - pos);
      if (item.empty()) return Status(Code::kInvalid, "-" + option + ": empty name in the list");
      list.push(Json::string(item));
      if (comma == value.npos) break;
      pos = comma + 1;
    }
  }
  return list;
}

}  // namespace

int runLsquota(const std::vector<std::string>& args, CmdIo& io) {
  int rc = 0;
  // -h names a host here (qquota's): the help is -help (or --help).
  auto a = parseCommand(lsquotaDef(), args, io, &rc);
  if (!a) return rc;
  if (!a->operands.empty())
    return usageError(lsquotaDef(), io, "unexpected argument " + a->operands.front());
  if (a->has("json") && a->has("xml"))
    return usageError(lsquotaDef(), io, "-json and -xml cannot be used together");
  Json req = Json::object();  // sent with its keys sorted, as every command's requests
  req.add("format", Json::string(a->has("json") ? "json" : a->has("xml") ? "xml" : "text"));
  req.add("op", Json::string("quotas"));
  const std::pair<const char*, const char*> lists[] = {{"h", "host"},     {"pe", "pe"},
                                                       {"P", "project"},  {"q", "queue"},
                                                       {"l", "resource"}, {"u", "user"}};
  for (const auto& [option, key] : lists) {
    if (!a->has(option)) continue;
    auto list = listOf(*a, option);
    if (!list) return usageError(lsquotaDef(), io, list.status().message());
    req.add(key, std::move(*list));
  }
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
