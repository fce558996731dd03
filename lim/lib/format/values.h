#pragma once
// Text of one value the way LSF prints it (LSF's command reference): fixed decimals, never an
// exponent (OpenLava's `4e+04`), memory in M/G/T, `-` for unknown. Pure.

#include <string>
#include <vector>

#include "openlim/model.h"

namespace openlim::format {

inline constexpr const char* kUnknownText = "-";

// printf("%.*f") without an exponent; -0 shows as 0.
std::string fixed(double v, int decimals);
// Integral values without decimals, others with up to 6 decimals and no trailing zeros.
std::string plainNumber(double v);
// Megabytes as LSF shows mem and swp: `603M`, `1.4G`, `15.6G`, `904G`, `2.9T`. `wide` keeps
// one decimal where the plain layout rounds to an integer to stay in five characters.
std::string memoryText(double mb, bool wide);
// Megabytes as LSF shows tmp: integer M below 10000 MB, else integer G, then T.
std::string tmpText(double mb);
// Megabytes as lshosts shows maxmem/maxswp/maxtmp and thresholds: integer M (`32018M`).
std::string megabytesText(double mb);
// The text of a load index value in lsload (built-ins by name; externals one decimal).
std::string indexText(const std::string& index, double v, bool wide);
// A value of any kind (shared and string columns, lsload -s): numbers as plainNumber.
std::string valueText(const Value& v);
// True for the built-in load indices r15s r1m r15m ut pg io ls it tmp swp mem.
bool isBuiltinIndex(const std::string& name);
// The eleven built-in indices in LSF order (io included).
const std::vector<std::string>& builtinIndices();
// Default column width of an index in lsload (includes the separating blank).
size_t indexWidth(const std::string& index);

// Run queue shown by lsload -E / -N (LSF's resource requirement rules): effective = raw / ncpus;
// normalised = effective * maxCpuf / cpuf. Missing ncpus or cpuf count as 1.
double runQueueShown(double raw, RunQueueMode mode, double ncpus, double cpuf, double maxCpuf);
bool isRunQueue(const std::string& index);

}  // namespace openlim::format
