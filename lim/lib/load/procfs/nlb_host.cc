#include "load/procfs/nlb_host.h"

#include <cctype>
#include <cmath>

#include "load/procfs/text_util.h"
#include "util/strict_number.h"

namespace openlim::procfs {

Result<double> parseMaxFreqPicoseconds(std::string_view text) {
  if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  auto khz = toCounter(trim(text));
  if (!khz || *khz == 0 || *khz > 1000000000ull)
    return Status(Code::kInvalid, "cpuinfo_max_freq: not a frequency in kHz");
  return 1e9 / static_cast<double>(*khz);
}

Result<double> parseCpuinfoPicoseconds(std::string_view text) {
  Result<double> out = Status(Code::kInvalid, "/proc/cpuinfo: no cpu MHz line");
  forEachLine(text, [&](std::string_view line) {
    size_t colon = line.find(':');
    if (colon == std::string_view::npos || trim(line.substr(0, colon)) != "cpu MHz") return true;
    auto mhz = parseDouble(trim(line.substr(colon + 1)));
    if (!mhz || !std::isfinite(*mhz) || *mhz <= 0 || *mhz > 1e6)
      out = Status(Code::kInvalid, "/proc/cpuinfo: bad cpu MHz");
    else
      out = 1e6 / *mhz;
    return false;
  });
  return out;
}

int countProcesses(const std::vector<std::string>& procNames) {
  int n = 0;
  for (const auto& name : procNames) {
    bool digits = !name.empty();
    for (char c : name) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    n += digits;
  }
  return n;
}

Result<uint64_t> parseLoadavgTasks(std::string_view text) {
  auto f = splitFields(trim(text.substr(0, text.find('\n'))));
  size_t slash = f.size() >= 4 ? f[3].find('/') : std::string_view::npos;
  auto n = slash == std::string_view::npos ? std::nullopt : toCounter(f[3].substr(slash + 1));
  if (!n) return Status(Code::kInvalid, "/proc/loadavg: no running/tasks field");
  return *n;
}

Result<uint64_t> parseCpuPressureTotal(std::string_view text) {
  Result<uint64_t> out = Status(Code::kInvalid, "/proc/pressure/cpu: no some line");
  forEachLine(text, [&](std::string_view line) {
    line = trim(line);
    if (line.substr(0, 5) != "some ") return true;
    out = Status(Code::kInvalid, "/proc/pressure/cpu: no total on the some line");
    size_t at = line.find(" total=");
    if (at == std::string_view::npos) return false;
    std::string_view v = line.substr(at + 7);
    v = v.substr(0, v.find(' '));
    if (auto n = toCounter(v)) out = *n;
    return false;
  });
  return out;
}

}  // namespace openlim::procfs
