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

// No hosts or no server host is an error (at the cluster file). Fills masterList from
// LSF_MASTER_LIST (names checked against the Host section; problems reported at the
// lsf.conf line) or else from the server hosts in Host order.
void validateCluster(BuildContext& ctx, const std::map<std::string, ConfEntry>& conf,
                     DiagSink& confDiag, DiagSink& clusterDiag);

// Words of s, separated by blanks (and CR, LF, FF, VT: a CRLF file's lines end in CR).
std::vector<std::string> tokenizeWords(std::string_view s);

// 64-bit FNV-1a of `bytes`, continuing from `hash`; as 16 hex digits via hexDigest().
uint64_t fnv1a(std::string_view bytes, uint64_t hash = 0xcbf29ce484222325ULL);
std::string hexDigest(uint64_t hash);

}  // namespace openlim::config
