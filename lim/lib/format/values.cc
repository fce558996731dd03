#include "format/values.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace openlim::format {
namespace {

std::string stripDotZero(std::string s) {
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// One decimal, `.0` dropped; the plain layout rounds to an integer past four characters
// (LSF keeps mem in a five-character field: `15.6G` but `904G`).
std::string scaled(double v, const char* unit, bool wide) {
  std::string s = stripDotZero(fixed(v, 1));
  if (!wide && s.size() > 4) s = fixed(v, 0);
  return s + unit;
}

}  // namespace

std::string fixed(double v, int decimals) {
  if (!std::isfinite(v)) return kUnknownText;
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  // "-0.0" reads as a negative load; show it as zero.
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

std::string plainNumber(double v) {
  if (!std::isfinite(v)) return kUnknownText;
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fixed(v, 0);
  std::string s = fixed(v, 6);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string memoryText(double mb, bool wide) {
  if (!std::isfinite(mb)) return kUnknownText;
  if (std::fabs(mb) < 1024) return fixed(mb, 0) + "M";
  double g = mb / 1024;
  if (std::fabs(g) < 1024) return scaled(g, "G", wide);
  return scaled(g / 1024, "T", wide);
}

std::string tmpText(double mb) {
  if (!std::isfinite(mb)) return kUnknownText;
  if (std::fabs(mb) < 10000) return fixed(mb, 0) + "M";
  double g = mb / 1024;
  if (std::fabs(g) < 10240) return fixed(g, 0) + "G";
  return scaled(g / 1024, "T", true);
}

std::string megabytesText(double mb) {
  if (!std::isfinite(mb)) return kUnknownText;
  return fixed(mb, 0) + "M";
}

const std::vector<std::string>& builtinIndices() {
  static const std::vector<std::string> kIndices = {"r15s", "r1m", "r15m", "ut",  "pg", "io",
                                                    "ls",   "it",  "tmp",  "swp", "mem"};
  return kIndices;
}

bool isBuiltinIndex(const std::string& name) {
  for (const auto& n : builtinIndices())
    if (n == name) return true;
  return false;
}

bool isRunQueue(const std::string& index) {
  return index == "r15s" || index == "r1m" || index == "r15m";
}

size_t indexWidth(const std::string& index) {
  if (index == "ut") return 5;
  if (index == "ls") return 4;
  if (isBuiltinIndex(index)) return 6;
  return std::max<size_t>(7, index.size() + 1);
}

std::string indexText(const std::string& index, double v, bool wide) {
  if (!std::isfinite(v)) return kUnknownText;
  if (isRunQueue(index) || index == "pg") return fixed(v, 1);
  if (index == "ut") return fixed(v * 100, 0) + "%";
  if (index == "io" || index == "ls" || index == "it") return fixed(v, 0);
  if (index == "tmp") return tmpText(v);
  if (index == "swp" || index == "mem") return memoryText(v, wide);
  return fixed(v, 1);
}

std::string valueText(const Value& v) {
  switch (v.kind) {
    case Value::Kind::kNumber:
      return plainNumber(v.number);
    case Value::Kind::kString:
      return v.text.empty() ? kUnknownText : v.text;
    case Value::Kind::kBool:
      return v.flag ? "1" : "0";
    case Value::Kind::kUnknown:
    case Value::Kind::kAbsent:
      break;
  }
  return kUnknownText;
}

double runQueueShown(double raw, RunQueueMode mode, double ncpus, double cpuf, double maxCpuf) {
  if (mode == RunQueueMode::kRaw || !std::isfinite(raw)) return raw;
  if (!(ncpus > 0)) ncpus = 1;
  double effective = raw / ncpus;
  if (mode == RunQueueMode::kEffective) return effective;
  if (!(cpuf > 0)) cpuf = 1;
  if (!(maxCpuf > 0)) maxCpuf = 1;
  return effective * maxCpuf / cpuf;
}

}  // namespace openlim::format
