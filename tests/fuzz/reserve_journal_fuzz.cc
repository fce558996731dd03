// libFuzzer target for the reservation journal's reader: any bytes give the records of a
// valid prefix, never a crash; the prefix is whole lines and re-reads to the same records,
// and at most one of "torn tail" and "corrupt" is said.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "reserve/journal.h"

using namespace openlim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  reserve::JournalRead r = reserve::readJournal(in);
  if (r.validBytes > in.size()) __builtin_trap();
  if (r.validBytes > 0 && in[r.validBytes - 1] != '\n') __builtin_trap();
  if (r.tornTail && !r.corrupt.isOk()) __builtin_trap();
  if (!r.corrupt.isOk() && r.corrupt.message().rfind("line ", 0) != 0) __builtin_trap();
  bool stopped = r.tornTail || !r.corrupt.isOk();
  if (stopped == (r.validBytes == in.size())) __builtin_trap();  // stops only before the end
  reserve::JournalRead again = reserve::readJournal(in.substr(0, r.validBytes));
  if (again.records.size() != r.records.size() || again.tornTail || !again.corrupt.isOk())
    __builtin_trap();
  for (const auto& rec : r.records) {
    if (rec.id.empty()) __builtin_trap();
    if (rec.put) {
      size_t total = 0;
      for (const auto& h : rec.reservation.hosts) total += static_cast<size_t>(h.slots);
      if (total != rec.reservation.slots.size()) __builtin_trap();
    }
  }
  return 0;
}
