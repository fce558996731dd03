// Fuzz parse + bind + evaluate + place + explain of resource requirement strings.
// The last byte (when present) picks placement options; the rest is the request. The corpus
// holds long flat chains (7000 `||`, `+`, `*` terms, 8000 `&&` terms) that must be refused or
// run without deep recursion; run with -max_len=70000 to let mutations grow that long.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../unit/resreq/fixture.h"
#include "openlim/resreq.h"

using namespace openlim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ConfigPtr cfg = testing::makeConfig();
  static const HostTable table = testing::fixtureTable(cfg);
  uint8_t knobs = size ? data[size - 1] : 0;
  std::string_view text(reinterpret_cast<const char*>(data), size ? size - 1 : 0);
  CompileOptions co{.implicitTypeLocal = (knobs & 1) != 0, .localType = "LINUX86"};
  auto r = compileRequest(text, *cfg, co);
  if (!r) {
    // Every error carries a position inside (or at the end of) the string, or none.
    if (r.status().pos().offset > static_cast<int>(text.size())) __builtin_trap();
    return 0;
  }
  const CompiledRequest& req = **r;
  SelectOptions so{
      .okOnly = (knobs & 2) != 0, .limit = static_cast<size_t>(knobs >> 5), .explain = true};
  SelectResult s = selectHosts(req, table, so);
  for (size_t term = 0; term < req.termTexts().size(); ++term)
    for (uint32_t row = 0; row < table.size(); ++row) {
      termValues(req, table, term, row);
      termOutcome(req, table, term, row);
    }
  PlaceOptions po{.minSlots = (knobs >> 2) & 7,
                  .maxSlots = ((knobs >> 5) & 3) - 1,
                  .fewestHosts = (knobs & 0x80) != 0,
                  .explain = true};
  PlacementResult p = place(req, table, po);
  if (p.status.isOk() && p.slots.empty()) __builtin_trap();
  // A failed placement says why for every host: none was chosen, none was "not needed".
  if (!p.status.isOk())
    for (const HostExplanation& e : p.explanations)
      if (e.outcome == Outcome::kChosen || e.outcome == Outcome::kNotNeeded) __builtin_trap();
  (void)s;
  return 0;
}
