#pragma once
// The host snapshot JSON of LSF's command reference ("Host snapshot JSON"): `lsload -l -json`
// output and `lsplace --from FILE` input, to and from a HostTable over a config snapshot.
// Pure (format::parseJson), so the reader is fuzzed (tests/fuzz/snapshot_json_fuzz.cc).

#include <string>
#include <string_view>

#include "openlim/config.h"
#include "openlim/host_table.h"
#include "openlim/status.h"

namespace openlim::format {

// Parses the snapshot. Resource names, types and directions come from `config`; a name the
// config does not define is ignored; a value of the wrong type is an error. hname/status
// come from each host's name/status; a missing cpuf falls back to the host's configured
// model. A host's "age" (seconds since its last report, 0 or more) sets HostTable::reportedAt
// to -age: evaluate with EvalEnv::now = 0. Errors are kInvalid "host <name>: ...", never
// exceptions.
Result<HostTable> readSnapshotJson(std::string_view text, const ConfigPtr& config);

// Writes the table in the same format (unknown built-in indices as null; other unknown
// values and false booleans left out).
std::string writeSnapshotJson(const HostTable& table, const std::string& cluster,
                              const std::string& master);

}  // namespace openlim::format
