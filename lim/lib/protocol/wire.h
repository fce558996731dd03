#pragma once
// Big-endian binary writer and a bounds-checked reader. The reader never reads past its
// input: after the first short read every later read returns zero/empty and failed() is true.

#include <cstdint>
#include <string>
#include <string_view>

namespace openlim::protocol {

class Writer {
 public:
  void u8(uint8_t v) { buf_.push_back(static_cast<char>(v)); }
  void u16(uint16_t v);
  void u32(uint32_t v);
  void u64(uint64_t v);
  void f64(double v);
  void f32(float v);
  void raw(std::string_view s) { buf_.append(s); }
  // Length-prefixed strings; REQUIRES: s.size() fits the prefix (callers truncate).
  void str8(std::string_view s);
  void str16(std::string_view s);
  const std::string& data() const { return buf_; }
  size_t size() const { return buf_.size(); }
  std::string take() { return std::move(buf_); }

 private:
  std::string buf_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  uint8_t u8();
  uint16_t u16();
  uint32_t u32();
  uint64_t u64();
  double f64();
  float f32();
  std::string_view bytes(size_t n);
  std::string_view str8() { return bytes(u8()); }
  std::string_view str16() { return bytes(u16()); }
  bool failed() const { return failed_; }
  size_t remaining() const { return in_.size() - pos_; }
  bool atEnd() const { return pos_ == in_.size(); }

 private:
  bool need(size_t n);
  std::string_view in_;
  size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace openlim::protocol
