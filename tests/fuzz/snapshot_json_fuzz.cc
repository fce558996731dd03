// Fuzzes the host snapshot reader (lsplace --from FILE) over a fixed config: any bytes give a
// table or an error, and a table read writes back to a snapshot that reads to the same size.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/snapshot_json.h"
#include "test_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace openlim;
  static const ConfigPtr config = testing::makeConfig();
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto table = format::readSnapshotJson(text, config);
  if (!table) return 0;
  std::string written = format::writeSnapshotJson(*table, "demo", "hostA");
  auto back = format::readSnapshotJson(written, config);
  if (!back || back->size() != table->size()) __builtin_trap();
  return 0;
}
