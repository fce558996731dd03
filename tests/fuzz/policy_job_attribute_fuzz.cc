// Fuzz the -a name[=value] parser.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "policy/job_attributes.h"

using namespace openlim::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto a = parseJobAttribute(text);
  if (a) {
    if (a->name.rfind("JOB_", 0) != 0 || a->name.size() <= 4) __builtin_trap();
    if (!(a->value >= 0)) __builtin_trap();  // also refuses NaN
  }
  return 0;
}
