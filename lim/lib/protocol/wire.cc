#include "protocol/wire.h"

#include <cstring>

namespace openlim::protocol {

void Writer::u16(uint16_t v) {
  u8(static_cast<uint8_t>(v >> 8));
  u8(static_cast<uint8_t>(v));
}
void Writer::u32(uint32_t v) {
  u16(static_cast<uint16_t>(v >> 16));
  u16(static_cast<uint16_t>(v));
}
void Writer::u64(uint64_t v) {
  u32(static_cast<uint32_t>(v >> 32));
  u32(static_cast<uint32_t>(v));
}
void Writer::f64(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  u64(bits);
}
void Writer::f32(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  u32(bits);
}
void Writer::str8(std::string_view s) {
  if (s.size() > 255) s = s.substr(0, 255);
  u8(static_cast<uint8_t>(s.size()));
  raw(s);
}
void Writer::str16(std::string_view s) {
  if (s.size() > 65535) s = s.substr(0, 65535);
  u16(static_cast<uint16_t>(s.size()));
  raw(s);
}

bool Reader::need(size_t n) {
  if (failed_ || in_.size() - pos_ < n) {
    failed_ = true;
    return false;
  }
  return true;
}
uint8_t Reader::u8() {
  if (!need(1)) return 0;
  return static_cast<uint8_t>(in_[pos_++]);
}
uint16_t Reader::u16() {
  if (!need(2)) return 0;
  uint16_t hi = u8();
  return static_cast<uint16_t>((hi << 8) | u8());
}
uint32_t Reader::u32() {
  if (!need(4)) return 0;
  uint32_t hi = u16();
  return (hi << 16) | u16();
}
uint64_t Reader::u64() {
  if (!need(8)) return 0;
  uint64_t hi = u32();
  return (hi << 32) | u32();
}
double Reader::f64() {
  uint64_t bits = u64();
  double v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}
float Reader::f32() {
  uint32_t bits = u32();
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}
std::string_view Reader::bytes(size_t n) {
  if (!need(n)) return {};
  std::string_view s = in_.substr(pos_, n);
  pos_ += n;
  return s;
}

}  // namespace openlim::protocol
