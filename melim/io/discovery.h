#pragma once
// Which files in the elim directory melim runs (docs/melim.md "Who runs what"): executable
// regular files named `elim` or `elim.*`, except `elim.user` and editor/package leftovers.

#include <string>
#include <vector>

#include "core/supervisor.h"

namespace openlim::melim {

struct Skipped {
  std::string name;
  std::string why;
};

struct ScanResult {
  std::vector<ElimFile> elims;   // sorted by name
  std::vector<Skipped> skipped;  // elim-like names that are not run, with the reason
  std::string error;             // the directory could not be read
};

ScanResult scanElimDir(const std::string& dir);

// Why a file name is never run even when executable; "" when the name qualifies.
// Names that do not start with `elim` at all return "-" (not ours; not even logged).
std::string nameVerdict(const std::string& name);

}  // namespace openlim::melim
