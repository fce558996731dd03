#include "protocol/messages.h"

#include <algorithm>

#include "protocol/wire.h"

namespace openlim::protocol {
namespace {

constexpr size_t kNumberFixed = 1 + 8 + 4;  // name length, value, age
constexpr size_t kStringFixed = 1 + 2;

void writeHead(Writer& w, const LoadReport& r, uint16_t part, uint16_t parts) {
  w.u8(kBodyVersion);
  w.str8(r.host);
  w.str8(r.checksum);
  w.str8(r.master);
  w.u32(r.flags);
  w.u32(r.lockSeconds);
  w.u16(part);
  w.u16(parts);
}

size_t numberSize(const NumericValue& v) {
  return kNumberFixed + std::min<size_t>(v.name.size(), 255);
}
size_t stringSize(const StringValue& v) {
  return kStringFixed + std::min<size_t>(v.name.size(), 255) +
         std::min<size_t>(v.value.size(), 65535);
}

struct Chunk {
  size_t n0, n1, s0, s1;
};

// Greedy packing of values into chunks that each fit maxBody with the head and two counts.
std::vector<Chunk> planChunks(const LoadReport& r, size_t maxBody) {
  Writer head;
  writeHead(head, r, 0, 1);
  const size_t fixed = head.size() + 8;
  std::vector<Chunk> chunks;
  Chunk c{0, 0, 0, 0};
  size_t used = fixed;
  auto flush = [&](size_t n, size_t s) {
    c.n1 = n;
    c.s1 = s;
    chunks.push_back(c);
    c = Chunk{n, n, s, s};
    used = fixed;
  };
  for (size_t i = 0; i < r.numbers.size(); ++i) {
    size_t sz = numberSize(r.numbers[i]);
    if (used + sz > maxBody && used > fixed) flush(i, 0);
    used += sz;
  }
  c.n1 = r.numbers.size();
  c.s0 = 0;
  for (size_t i = 0; i < r.strings.size(); ++i) {
    size_t sz = stringSize(r.strings[i]);
    if (used + sz > maxBody && used > fixed) flush(r.numbers.size(), i);
    used += sz;
  }
  c.n1 = r.numbers.size();
  c.s1 = r.strings.size();
  chunks.push_back(c);
  return chunks;
}

}  // namespace

std::vector<std::string> encodeLoadReport(const LoadReport& r, size_t maxBody) {
  std::vector<Chunk> chunks = planChunks(r, maxBody);
  std::vector<std::string> out;
  auto parts = static_cast<uint16_t>(std::min<size_t>(chunks.size(), 65535));
  for (uint16_t p = 0; p < parts; ++p) {
    const Chunk& c = chunks[p];
    Writer w;
    writeHead(w, r, p, parts);
    w.u32(static_cast<uint32_t>(c.n1 - c.n0));
    for (size_t i = c.n0; i < c.n1; ++i) {
      w.str8(r.numbers[i].name);
      w.f64(r.numbers[i].value);
      w.f32(r.numbers[i].age);
    }
    w.u32(static_cast<uint32_t>(c.s1 - c.s0));
    for (size_t i = c.s0; i < c.s1; ++i) {
      w.str8(r.strings[i].name);
      w.str16(r.strings[i].value);
    }
    out.push_back(w.take());
  }
  return out;
}

Result<LoadReport> decodeLoadReport(std::string_view body) {
  Reader rd(body);
  LoadReport r;
  if (rd.u8() != kBodyVersion) return Status(Code::kInvalid, "load report: bad body version");
  r.host = rd.str8();
  r.checksum = rd.str8();
  r.master = rd.str8();
  r.flags = rd.u32();
  r.lockSeconds = rd.u32();
  r.part = rd.u16();
  r.parts = rd.u16();
  uint32_t n = rd.u32();
  if (rd.failed() || r.host.empty() || r.parts == 0 || r.part >= r.parts ||
      n > rd.remaining() / kNumberFixed)
    return Status(Code::kInvalid, "load report: bad header");
  r.numbers.resize(n);
  for (auto& v : r.numbers) {
    v.name = rd.str8();
    v.value = rd.f64();
    v.age = rd.f32();
  }
  uint32_t s = rd.u32();
  if (rd.failed() || s > rd.remaining() / kStringFixed)
    return Status(Code::kInvalid, "load report: truncated values");
  r.strings.resize(s);
  for (auto& v : r.strings) {
    v.name = rd.str8();
    v.value = rd.str16();
  }
  if (rd.failed() || !rd.atEnd()) return Status(Code::kInvalid, "load report: bad length");
  return r;
}

std::string encodeAnnounce(const Announce& a) {
  Writer w;
  w.u8(kBodyVersion);
  w.str8(a.sender);
  w.u8(a.claimsMaster ? 1 : 0);
  w.str8(a.master);
  if (!a.serves.empty()) {
    w.u16(static_cast<uint16_t>(std::min<size_t>(a.serves.size(), 65535)));
    for (size_t i = 0; i < a.serves.size() && i < 65535; ++i) w.str8(a.serves[i]);
  }
  return w.take();
}

Result<Announce> decodeAnnounce(std::string_view body) {
  Reader rd(body);
  Announce a;
  uint8_t ver = rd.u8();
  a.sender = rd.str8();
  uint8_t claims = rd.u8();
  a.master = rd.str8();
  if (!rd.failed() && !rd.atEnd()) {
    uint16_t n = rd.u16();
    if (n > rd.remaining()) return Status(Code::kInvalid, "announce: bad serves count");
    for (uint16_t i = 0; i < n && !rd.failed(); ++i) a.serves.emplace_back(rd.str8());
  }
  if (rd.failed() || !rd.atEnd() || ver != kBodyVersion || claims > 1 || a.sender.empty())
    return Status(Code::kInvalid, "announce: malformed body");
  a.claimsMaster = claims == 1;
  return a;
}

}  // namespace openlim::protocol
