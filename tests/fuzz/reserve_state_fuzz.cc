// libFuzzer target for the reservation readers: a host's state file and the reservation ops'
// request decoders. Any input either reads or gives a kInvalid Status; never a crash, and a
// state file that reads has holds whose slots add up to its slot list.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/json.h"
#include "reserve/requests.h"
#include "reserve/reservation_json.h"

using namespace openlim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  auto bad = [](const Status& st) { return st.code() != Code::kInvalid || st.message().empty(); };
  if (auto rs = reserve::parseHostState(in); !rs) {
    if (bad(rs.status())) __builtin_trap();
  } else {
    for (const auto& r : rs->reservations) {
      size_t total = 0;
      for (const auto& h : r.hosts) total += static_cast<size_t>(h.slots);
      if (total != r.slots.size()) __builtin_trap();
    }
  }
  auto req = format::parseJson(in, 32);
  if (!req || !req->isObject()) return 0;
  if (auto r = reserve::decodeReserveRequest(*req); !r ? bad(r.status()) : r->lease < 0)
    __builtin_trap();
  if (auto r = reserve::decodeRenewRequest(*req); !r ? bad(r.status()) : r->id.empty())
    __builtin_trap();
  if (auto r = reserve::decodeReleaseRequest(*req); !r ? bad(r.status()) : r->ids.empty())
    __builtin_trap();
  if (auto r = reserve::decodeListRequest(*req); !r && bad(r.status())) __builtin_trap();
  return 0;
}
