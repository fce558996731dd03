// lsloadadj [-R res_req] [host_name[:num_task] ...]: the load of tasks placed outside
// openlim (LSF's ls_loadadj), through the master's loadadj op.
#include "format/text.h"
#include "remote_cmds.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsloadadjDef() {
  return CommandDef{
      "lsloadadj", "lsloadadj [-h] [-V] [-R res_req] [host_name[:num_task] ...]", {{"R", true}}};
}

// The tasks one request may add (a name repeats once per task in the request).
constexpr long kMaxTasks = 100000;

}  // namespace

// host_name[:num_task]: num_task a whole number from 1; the host once per task.
Result<std::vector<std::string>> loadAdjustSlots(const std::vector<std::string>& operands,
                                                 const std::string& localHost) {
  if (operands.empty()) return std::vector<std::string>{localHost};
  std::vector<std::string> slots;
  long total = 0;
  for (const auto& w : operands) {
    size_t colon = w.rfind(':');
    std::string host = w.substr(0, colon);
    long n = 1;
    if (colon != std::string::npos) {
      auto count = countOption("", w.substr(colon + 1), 1);
      if (!count)
        return Status(Code::kInvalid, format::clipEcho(w) + ": num_task must be a positive number");
      n = *count;
    }
    if (host.empty()) return Status(Code::kInvalid, format::clipEcho(w) + ": no host name");
    if ((total += n) > kMaxTasks)
      return Status(Code::kInvalid, "more than " + std::to_string(kMaxTasks) + " tasks");
    slots.insert(slots.end(), static_cast<size_t>(n), host);
  }
  return slots;
}

int runLsloadadj(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsloadadjDef(), args, io, &rc);
  if (!parsed) return rc;
  auto slots = loadAdjustSlots(parsed->operands, io.localHost);
  if (!slots) return usageError(lsloadadjDef(), io, slots.status().message());
  Status s = Client(io.lim, io.localHost).loadAdjust(parsed->value("R").value_or(""), *slots);
  if (!s.isOk()) return fail(io, "lsloadadj", s);
  return kExitOk;
}

}  // namespace openlim::cmd
