#include "command.h"

#include <algorithm>

#include "format/text.h"
#include "openlim/version.h"

namespace openlim::cmd {

void printUsage(const CommandDef& def, Out& os) {
  os << "Usage: " << def.usage << "\n";
}

int usageError(const CommandDef& def, CmdIo& io, const std::string& why) {
  if (!why.empty()) io.err << def.name << ": " << why << "\n";
  printUsage(def, io.err);
  return kExitUsage;
}

Result<ParsedArgs> parseCommand(const CommandDef& def, const std::vector<std::string>& args,
                                CmdIo& io, int* exitCode) {
  std::vector<OptionSpec> specs = def.options;
  // A command whose -h takes a value (lsquota -h host, as qquota) has no -h help.
  bool hIsOption = false;
  for (const auto& o : def.options) hIsOption = hIsOption || o.name == "h";
  // Its help is -help (qquota's) or --help, never read as `-h elp`.
  if (hIsOption) specs.insert(specs.end(), {{"help", false}, {"-help", false}});
  if (!hIsOption) specs.push_back({"h", false});
  specs.push_back({"V", false});
  Result<ParsedArgs> parsed = parseArgs(args, specs, def.mode);
  if (!parsed) {
    *exitCode = usageError(def, io, parsed.status().message());
    return parsed;
  }
  io.echoed = parsed->words();
  if (hIsOption ? parsed->has("help") || parsed->has("-help") : parsed->has("h")) {
    printUsage(def, io.out);
    *exitCode = kExitOk;
    return Status(Code::kInvalid, "help");
  }
  if (parsed->has("V")) {
    io.out << kVersionString << ", " << kBuildDate << "\n";
    *exitCode = kExitOk;
    return Status(Code::kInvalid, "version");
  }
  return parsed;
}

format::Json request(const std::string& op) {
  format::Json o = format::Json::object();
  o.add("op", format::Json::string(op));
  return o;
}

Status malformedReply(const Status& why) {
  return Status(Code::kInternal, "malformed reply from lim: " + why.message());
}

Result<format::Json> call(Querier& lim, const format::Json& req, bool admin) {
  // The client library checks the reply (ok, code, redirect); here only its JSON is read.
  Result<std::string> text = Client(lim, "").request(requestText(req), admin);
  if (!text) return text.status();
  auto reply = format::parseJson(*text);
  if (!reply) return malformedReply(reply.status());
  return reply;
}

Result<format::Json> callRaw(Querier& lim, const format::Json& req, bool admin) {
  Result<std::string> text = lim.ask(requestText(req), admin);
  if (!text) return text.status();
  auto reply = format::parseJson(*text);
  if (!reply) return malformedReply(reply.status());
  if (!reply->isObject()) return Status(Code::kInternal, "malformed reply from lim");
  return reply;
}

int exitCodeFor(const Status& s) {
  switch (s.code()) {
    case Code::kOk:
      return kExitOk;
    case Code::kInvalid:
      return kExitUsage;
    case Code::kUnavailable:
      return kExitDown;
    default:
      return kExitNotFound;
  }
}

std::string failMessage(const CmdIo& io, const Status& s) {
  if (s.code() == Code::kUnavailable)
    return s.subcode() == Subcode::kMasterUnknown ? kMasterUnknown : kLimDown;
  return format::clipEchoes(s.message(), io.echoed);
}

int fail(CmdIo& io, const std::string& cmd, const Status& s) {
  io.err << cmd << ": " << failMessage(io, s) << "\n";
  return exitCodeFor(s);
}

}  // namespace openlim::cmd
