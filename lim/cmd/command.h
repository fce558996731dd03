#pragma once
// What every command shares: the lim it asks (a Querier, so golden tests can play the lim),
// its streams, -h/-V/usage handling, reply checking, and the exit codes of LSF's command reference.

#include <functional>
#include <string>
#include <vector>

#include "args.h"
#include "exit_codes.h"
#include "format/json.h"
#include "format/request_text.h"
#include "openlim/status.h"
#include "out.h"
#include "querier.h"

namespace openlim::cmd {

inline constexpr const char* kLimDown = "LIM is down; try later";
// LSF's words when the lims answer but none is master (an election in progress).
inline constexpr const char* kMasterUnknown = "Cannot locate master LIM now, try later";

struct CmdIo {
  Out& out;
  Out& err;
  Querier& lim;
  std::string localHost;  // $OPENLIM_HOST or the system name as the cluster knows it
  // Asks a yes/no question on the terminal (lsadmin); tests answer it.
  std::function<bool(const std::string& question)> confirm;
  // The user's words (option values, operands) an error from the lim may echo: fail() cuts
  // each to a bounded length. parseCommand fills it.
  std::vector<std::string> echoed = {};
};

struct CommandDef {
  std::string name;
  std::string usage;                // the synopsis lines after "Usage: "
  std::vector<OptionSpec> options;  // without h, V (added by parseCommand)
  // kStopAtOperand: the first operand starts a command line (lsrun, lsgrun).
  ParseMode mode = ParseMode::kPermute;
};

// Parses args; prints usage (-h, exit 0; -help or --help where -h takes a value, as lsquota's
// -h host), the version (-V, exit 0) or the error and usage on stderr (exit 2). `exitCode` is
// set when the command must stop.
Result<ParsedArgs> parseCommand(const CommandDef& def, const std::vector<std::string>& args,
                                CmdIo& io, int* exitCode);
void printUsage(const CommandDef& def, Out& os);
// Prints "<cmd>: <why>" (when given) and the usage on stderr; returns kExitUsage.
int usageError(const CommandDef& def, CmdIo& io, const std::string& why);

// Sends `request` through the client library (openlim::Client::request), which turns
// transport failures and `ok:false` replies into a Status whose code maps to an exit code
// (exitCodeFor).
Result<format::Json> call(Querier& lim, const format::Json& request, bool admin = false);
// As call(), but returns any well-formed reply, `ok:false` ones included (the reservation
// commands read a refusal's code; format::replyError gives its Status).
Result<format::Json> callRaw(Querier& lim, const format::Json& request, bool admin = false);
// kInternal "malformed reply from lim: <why>" for a reply text that is not JSON.
Status malformedReply(const Status& why);
int exitCodeFor(const Status& s);
// Prints "<cmd>: <message>" (or LSF's `LIM is down; try later`) and returns the exit code.
// Echoes of io.echoed in the message are cut to a bounded length.
int fail(CmdIo& io, const std::string& cmd, const Status& s);
// The message fail() prints after "<cmd>: " (a -json failure object carries the same).
std::string failMessage(const CmdIo& io, const Status& s);

// The request object for an op.
format::Json request(const std::string& op);
// The request's text: one line, top-level keys sorted (format/request_text.h).
using format::requestText;

}  // namespace openlim::cmd
