// Fuzzes the metrics writer with any melim status line and any host name: the text always
// stays well formed (every line a comment or an openlim_ sample; escaping never lets a label
// value break a line or a quote), and nothing crashes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "master/metrics.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace openlim;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  master::MetricsInput m;
  size_t cut = in.find('\0');
  m.host = std::string(in.substr(0, cut == std::string_view::npos ? 0 : cut));
  m.melim.statusJson = std::string(cut == std::string_view::npos ? in : in.substr(cut + 1));
  const std::string text = master::writeMetrics(m, 0);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) __builtin_trap();  // the last line ends too
    std::string_view line(text.data() + start, end - start);
    if (!line.starts_with("# ") && !line.starts_with("openlim_")) __builtin_trap();
    // Inside a sample's braces, every quote that ends a value is followed by ',' or '}'.
    if (line.starts_with("openlim_")) {
      size_t open = line.find('{');
      if (open != std::string_view::npos) {
        bool inValue = false;
        for (size_t i = open + 1; i < line.size(); ++i) {
          char c = line[i];
          if (inValue && c == '\\') {
            ++i;
            continue;
          }
          if (c == '"') {
            inValue = !inValue;
            if (!inValue && line[i + 1] != ',' && line[i + 1] != '}') __builtin_trap();
          } else if (!inValue && c == '}') {
            break;
          }
        }
        if (inValue) __builtin_trap();
      }
    }
    start = end + 1;
  }
  return 0;
}
