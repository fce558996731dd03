#pragma once
// Checks that need the whole configuration, after every file is read.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "config/build_context.h"
#include "config/diag.h"
#include "config/lsf_conf.h"

namespace openlim::config {

// How host names become addresses: $LSF_CONFDIR/hosts first, then the system resolver.
struct AddressCheck {
  std::string hostsPath;       // for the messages
  bool hostsFileRead = false;  // the hosts file exists
  HostResolver resolves;       // null: names the hosts file does not map are not checked
};

// No hosts or no server host is an error (at the cluster file). So is a host that lim could
// not reach or would count twice: one with no address (not in the hosts file, unknown to
// the resolver), and one the hosts file maps to the same machine as an earlier host (an
// alias: `hosta.demo` next to `hostA`). Fills masterList from LSF_MASTER_LIST (names checked
// against the Host section; problems reported at the lsf.conf line) or else from the server
// hosts in Host order. lim and lsadmin ckconfig both come here, so ckconfig reports
// everything lim would refuse.
void validateCluster(BuildContext& ctx, const std::map<std::string, ConfEntry>& conf,
                     const AddressCheck& addresses, DiagSink& confDiag, DiagSink& clusterDiag);

// Words of s, separated by blanks (and CR, LF, FF, VT: a CRLF file's lines end in CR).
std::vector<std::string> tokenizeWords(std::string_view s);

// 64-bit FNV-1a of `bytes`, continuing from `hash`; as 16 hex digits via hexDigest().
uint64_t fnv1a(std::string_view bytes, uint64_t hash = 0xcbf29ce484222325ULL);
// FNV-1a of what a configuration file says rather than how it is laid out: its logical
// lines, so line endings (CRLF or LF), comments, blank lines, `\` continuations, leading and
// trailing blanks, and runs of blanks between words outside quotes and parentheses do not
// change the digest. Everything else (case, order, values) does.
uint64_t normalizedDigest(std::string_view text, uint64_t hash);
std::string hexDigest(uint64_t hash);

}  // namespace openlim::config
