#pragma once
// lsplace pieces shared by the offline (--from FILE) and online modes: option parsing,
// the placement call, and output (LSF's command reference "lsplace").

#include <string>
#include <vector>

#include "exit_codes.h"
#include "openlim/resreq.h"
#include "out.h"
#include "policy/job_attributes.h"

namespace openlim::cmd {

struct LsplaceOptions {
  PlaceOptions place;                     // -n -w -L host... --explain
  std::string resreq;                     // -R; empty = no requirement
  std::string from;                       // --from FILE; empty = ask the cluster
  bool help = false;                      // -h
  bool version = false;                   // -V
  bool json = false;                      // -json: {"hosts": [...], "explain": [...], "error": ...}
  std::string policy;                     // -p: place by this policy of lsf.policies
  std::vector<policy::JobAttribute> job;  // -a attr[=value]: the policy's JOB_ values
};

// lsplace [-L] [-n min] [-w max] [-R res_req] [-p policy [-a attr[=value]]...] [--explain]
//         [-json] [--from FILE] [-h] [-V] [host...]
// kInvalid with a getopt-like message on a bad option or value.
Result<LsplaceOptions> parseLsplaceArgs(const std::vector<std::string>& args);
std::string lsplaceUsage();

// `message` with the request and the host names it echoes cut to a bounded length.
std::string clipEchoes(const LsplaceOptions& o, const std::string& message);

// Prints a PlacementResult (the online mode gets one from the master). Messages that echo
// the request or a host name cut it to a bounded length.
int printPlacement(const LsplaceOptions& o, const PlacementResult& r, Out& out, Out& err);

}  // namespace openlim::cmd
