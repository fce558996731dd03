// libFuzzer target: bytes from an elim's stdout -> framer -> line parser -> merger.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/elim_line.h"
#include "core/merger.h"
#include "util/line_framer.h"

using namespace openlim;
using namespace openlim::melim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Catalog catalog({{"nio", NameKind::kNumeric, 10, true},
                                {"osrel", NameKind::kString, 60, true},
                                {"tmp", NameKind::kBuiltin, 60, true},
                                {"r1m", NameKind::kBuiltin, 60, true},
                                {"cpu", NameKind::kAlias, 60, true},
                                {"fs", NameKind::kBoolean, 60, true},
                                {"gpu", NameKind::kNumeric, 30, false}});
  Merger merger(&catalog, 3);
  merger.ensureSources(1);
  ParseScratch scratch;
  std::vector<std::pair<int, int>> conflicts;
  LineFramer framer(256);
  double now = 0;
  framer.feed(std::string_view(reinterpret_cast<const char*>(data), size),
              [&](FrameEvent e, std::string_view line) {
                if (e != FrameEvent::kLine) return;
                if (parseElimLine(line, catalog, scratch) == DropReason::kNone)
                  merger.apply(0, scratch.pairs, now, conflicts);
                now += 1;
                merger.expire(now);
              });
  (void)merger.formatVector();
  return 0;
}
