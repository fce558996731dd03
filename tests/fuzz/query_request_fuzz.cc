// libFuzzer target for the master's request decoders: any JSON object either decodes or gives
// a kInvalid Status naming a field; never a crash, and a decoded count is in its range.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/json.h"
#include "master/query_request.h"

using namespace openlim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  auto req = format::parseJson(in, 32);
  if (!req || !req->isObject()) return 0;
  auto bad = [](const Status& st) { return st.code() != Code::kInvalid || st.message().empty(); };
  if (auto r = master::decodeLoadRequest(*req); !r ? bad(r.status()) : r->n < 0) __builtin_trap();
  if (auto r = master::decodePlaceRequest(*req); !r ? bad(r.status()) : r->n < 0 || r->w < -1)
    __builtin_trap();
  if (auto r = master::decodeHostsRequest(*req); !r && bad(r.status())) __builtin_trap();
  if (auto r = master::decodeSharedRequest(*req); !r && bad(r.status())) __builtin_trap();
  if (auto r = master::decodeLoadAdjRequest(*req); !r ? bad(r.status()) : r->slots.empty())
    __builtin_trap();
  if (auto r = master::decodePolicyQuery(*req); !r ? bad(r.status()) : r->count < 0 || r->slots < 1)
    __builtin_trap();
  if (auto r = master::decodeElimStatusRequest(*req); !r && bad(r.status())) __builtin_trap();
  if (auto r = master::decodeAdminRequest(*req); !r ? bad(r.status()) : !(r->seconds >= 0))
    __builtin_trap();
  return 0;
}
