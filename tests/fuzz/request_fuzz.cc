// libFuzzer target for the request path a lim runs on every TCP connection: the bytes split
// into recv()-sized pieces (the first input byte picks the piece size) and fed to
// protocol::FrameReader with the request size limit, the frame decoded, the body read as a
// request object, its fields read with the helpers the ops use, and a load -R / place query
// run with them over the resreq fixture's table (the pure part of the query service).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include "reserve/requests.h"

#include "../unit/resreq/fixture.h"
#include "master/query_request.h"
#include "openlim/resreq.h"
#include "protocol/request.h"

using namespace openlim;
using namespace openlim::protocol;

// The query step: what load -R -n N and place -n N -w W do with the strictly decoded fields.
static void query(const format::Json& req) {
  static const ConfigPtr cfg = testing::makeConfig();
  static const HostTable table = testing::fixtureTable(cfg);
  // lsquota's query: strict, the lists bounded, the format one of three.
  if (auto q = reserve::decodeQuotaRequest(req)) {
    if (q->format != "text" && q->format != "json" && q->format != "xml") __builtin_trap();
    size_t combinations = 1;
    for (const auto* l : {&q->users, &q->hosts, &q->projects, &q->pes, &q->queues}) {
      if (l->size() > reserve::kMaxQuotaListItems) __builtin_trap();
      for (const auto& name : *l)
        if (name.empty() || name.size() > 256) __builtin_trap();
      combinations *= std::max<size_t>(l->size(), 1);
    }
    if (combinations > reserve::kMaxQuotaCombinations) __builtin_trap();
  }
  auto pr = master::decodePlaceRequest(req);
  auto lr = master::decodeLoadRequest(req);
  if (!pr || !lr) return;
  auto r = compileRequest(pr->resreq, *cfg, {});
  if (!r) return;
  SelectOptions so{.okOnly = pr->fewestHosts,
                   .limit = static_cast<size_t>(std::clamp(lr->n, 0, 64)),
                   .explain = pr->explain};
  (void)selectHosts(**r, table, so);
  PlaceOptions po{.minSlots = std::clamp(pr->n, 0, 64),
                  .maxSlots = std::clamp(pr->w, -1, 64),
                  .explain = pr->explain};
  (void)place(**r, table, po);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t piece = data[0] == 0 ? 1 : data[0];
  std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  FrameReader reader;
  for (size_t at = 0; at < in.size() && reader.state() == FrameReader::State::kNeedMore;
       at += piece)
    reader.append(in.substr(at, piece));
  // Never more than one frame, and never a body over the request limit.
  if (reader.buffered() > kHeaderSize + kAuthSize + kMaxRequestBody + kMacSize) __builtin_trap();
  std::string_view body = in;  // no frame: fuzz the JSON reading directly
  Decoded d;
  if (reader.state() == FrameReader::State::kComplete) {
    d = reader.decode(nullptr);
    if (d.ok()) body = d.frame.body;
  }
  auto req = parseRequest(body);
  if (!req) return 0;
  for (const char* k : {"op", "host", "local", "sender"}) (void)reqString(*req, k);
  query(*req);
  return 0;
}
