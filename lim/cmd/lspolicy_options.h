#pragma once
// lspolicy (also installed as nlbpolicy, NQE's name): the policy tester. Option parsing, the
// request it sends, and the printing of a policy reply (policy/policy_reply.h), shared by the
// offline (--from SNAPSHOT) and online modes.
//
//   lspolicy [-p policy] [--strict] [-a attr[=value]]... [-c count] [-n slots] [-d]
//            [-h host]... [-s server] [--explain] [-json] [--from SNAPSHOT]
//            [--at "YYYY-MM-DD HH:MM"]
//
// -a takes NQE's `name = value` with blanks too (joinSpacedAssignments); -s names the lim
// to ask (the master, or a lim that forwards to it) instead of LSF_SERVER_HOSTS and the
// local lim.
//
// Exit: 0 at least one host passes; 1 none does, or --strict and the policy is unknown;
// 2 usage errors, errors in the policy files, a named policy outside its period.

#include <optional>
#include <string>
#include <vector>

#include "exit_codes.h"
#include "format/json.h"
#include "out.h"
#include "policy/job_attributes.h"
#include "policy/local_time.h"

namespace openlim::cmd {

struct LspolicyOptions {
  std::string policy;  // -p; "" = the default of the period
  bool strict = false;
  std::vector<policy::JobAttribute> job;  // -a
  int count = 0;                          // -c; 0 = no limit
  int slots = 1;                          // -n
  bool dump = false;                      // -d
  std::vector<std::string> hosts;         // -h
  bool explain = false;
  bool json = false;
  std::string from;                     // --from
  std::string server;                   // -s: the lim to ask; "" = the usual ones
  std::optional<policy::LocalTime> at;  // --at
  std::string atText;
  bool help = false, version = false;
};

Result<LspolicyOptions> parseLspolicyArgs(const std::vector<std::string>& args);
std::string lspolicyUsage();

// The master's `policy` request for these options (sorted keys, compact).
std::string policyRequestText(const LspolicyOptions& o);

// Prints a policy reply and returns the exit code (0 hosts pass, 1 none).
int printPolicyReply(const LspolicyOptions& o, const format::Json& reply, Out& out, Out& err);

}  // namespace openlim::cmd
