#include "command.h"

#include <ostream>
#include <sstream>

#include <Poco/Exception.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include "openlim/version.h"

namespace openlim::cmd {

void printUsage(const CommandDef& def, std::ostream& os) {
  os << "Usage: " << def.usage << "\n";
}

Result<ParsedArgs> parseCommand(const CommandDef& def, const std::vector<std::string>& args,
                                CmdIo& io, int* exitCode) {
  std::vector<OptionSpec> specs = def.options;
  specs.push_back({"h", false});
  specs.push_back({"V", false});
  Result<ParsedArgs> parsed = parseArgs(args, specs);
  if (!parsed) {
    io.err << def.name << ": " << parsed.status().message() << "\n";
    printUsage(def, io.err);
    *exitCode = kExitUsage;
    return parsed;
  }
  if (parsed->has("h")) {
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

Poco::JSON::Object request(const std::string& op) {
  Poco::JSON::Object o;
  o.set("op", op);
  return o;
}

Status replyError(const Poco::JSON::Object& reply) {
  std::string code = reply.optValue<std::string>("code", "internal");
  std::string message = reply.optValue<std::string>("error", "request failed");
  if (code == "syntax") return Status(Code::kInvalid, message);
  if (code == "notfound" || code == "noteligible") return Status(Code::kNotFound, message);
  if (code == "denied") return Status(Code::kDenied, message);
  if (code == "unavailable") return Status(Code::kUnavailable, message);
  return Status(Code::kInternal, message);
}

Result<Poco::JSON::Object::Ptr> call(Querier& lim, const Poco::JSON::Object& req, bool admin) {
  auto reply = callRaw(lim, req, admin);
  if (!reply) return reply;
  // A second redirect (the client follows one): the master is changing.
  if ((*reply)->has("redirect")) return Status(Code::kUnavailable, kMasterUnknown);
  if (!(*reply)->optValue<bool>("ok", false)) return replyError(**reply);
  return reply;
}

Result<Poco::JSON::Object::Ptr> callRaw(Querier& lim, const Poco::JSON::Object& req,
                                        bool admin) {
  std::ostringstream body;
  req.stringify(body);
  Result<std::string> text = lim.ask(body.str(), admin);
  if (!text) return text.status();
  try {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    auto reply = parser.parse(*text).extract<Poco::JSON::Object::Ptr>();
    if (reply.isNull()) return Status(Code::kInternal, "malformed reply from lim");
    return reply;
  } catch (const Poco::Exception& e) {
    return Status(Code::kInternal, "malformed reply from lim: " + e.displayText());
  } catch (const std::exception& e) {
    return Status(Code::kInternal, std::string("malformed reply from lim: ") + e.what());
  }
}

int exitCodeFor(const Status& s) {
  switch (s.code()) {
    case Code::kOk: return kExitOk;
    case Code::kInvalid: return kExitUsage;
    case Code::kUnavailable: return kExitDown;
    default: return kExitNotFound;
  }
}

int fail(CmdIo& io, const std::string& cmd, const Status& s) {
  if (s.code() == Code::kUnavailable) {
    io.err << cmd << ": " << (s.message() == kMasterUnknown ? kMasterUnknown : kLimDown) << "\n";
  } else {
    io.err << cmd << ": " << s.message() << "\n";
  }
  return exitCodeFor(s);
}

}  // namespace openlim::cmd
