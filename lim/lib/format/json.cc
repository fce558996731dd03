#include "format/json.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "format/utf8.h"

namespace openlim::format {

Json Json::boolean(bool b) {
  Json j;
  j.kind_ = Kind::kBool;
  j.bool_ = b;
  return j;
}

Json Json::number(double v) {
  Json j;
  if (!std::isfinite(v)) return j;
  j.kind_ = Kind::kNumber;
  j.number_ = v;
  return j;
}

Json Json::string(std::string s) {
  Json j;
  j.kind_ = Kind::kString;
  j.string_ = std::move(s);
  return j;
}

Json Json::array() {
  Json j;
  j.kind_ = Kind::kArray;
  return j;
}

Json Json::object() {
  Json j;
  j.kind_ = Kind::kObject;
  return j;
}

Json& Json::set(const std::string& key, Json v) {
  for (auto& m : members_) {
    if (m.first == key) {
      m.second = std::move(v);
      return *this;
    }
  }
  members_.emplace_back(key, std::move(v));
  return *this;
}

Json& Json::add(std::string key, Json v) {
  members_.emplace_back(std::move(key), std::move(v));
  return *this;
}

const std::string& Json::asString() const {
  static const std::string kEmpty;
  return isString() ? string_ : kEmpty;
}

std::string Json::stringOr(std::string_view key, std::string fallback) const {
  const Json* v = find(key);
  return v != nullptr && v->isString() ? v->string_ : fallback;
}

const Json* Json::find(std::string_view key) const {
  // From the back: a repeated key means its last value, as most parsers do.
  for (auto it = members_.rbegin(); it != members_.rend(); ++it)
    if (it->first == key) return &it->second;
  return nullptr;
}

Json& Json::push(Json v) {
  items_.push_back(std::move(v));
  return *this;
}

std::string jsonQuote(const std::string& s) {
  std::string out;
  appendJsonQuoted(out, s);
  return out;
}

namespace {

// Whether none of the 8 bytes of x needs a look (a control byte, '"', '\\', or a byte of
// 0x80 or more that must be checked as UTF-8), eight at a time: a reply carries megabytes of
// text (lsquota's table) and most of it is plain ASCII. Exact for "any byte" (the borrow
// only spreads above a byte that does match).
bool plainWord(uint64_t x) {
  constexpr uint64_t k01 = 0x0101010101010101ull, k80 = 0x8080808080808080ull;
  auto below = [&](uint64_t v, uint64_t n) { return (v - k01 * n) & ~v & k80; };
  return ((x & k80) | below(x, 0x20) | below(x ^ (k01 * '"'), 1) | below(x ^ (k01 * '\\'), 1)) == 0;
}

}  // namespace

// Valid UTF-8 is copied as is; each byte that starts no well-formed sequence becomes U+FFFD,
// so the text is valid JSON whatever bytes a file or a request held.
void appendJsonQuoted(std::string& out, std::string_view s) {
  out += '"';
  size_t run = 0;  // start of the pending stretch that needs no escaping
  for (size_t i = 0; i < s.size(); ++i) {
    uint64_t word;
    while (i + 8 <= s.size() && (std::memcpy(&word, s.data() + i, 8), plainWord(word))) i += 8;
    if (i >= s.size()) break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      size_t len = utf8SequenceAt(s, i);
      if (len > 0) {
        i += len - 1;
        continue;
      }
      out.append(s.data() + run, i - run);
      run = i + 1;
      out += kReplacementCharacter;
      continue;
    }
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      }
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

std::string jsonNumber(double v) {
  std::string out;
  appendJsonNumber(out, v);
  return out;
}

void appendJsonNumber(std::string& out, double v) {
  char buf[64];
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  // Integers as integers (to_chars' shortest form would write 1e+14); -0 as 0.
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    auto r = std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(v));
    out.append(buf, r.ptr);
    return;
  }
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void Json::writeScalar(std::string& out) const {
  switch (kind_) {
    case Kind::kNull:
      out += "null";
      return;
    case Kind::kBool:
      out += bool_ ? "true" : "false";
      return;
    case Kind::kNumber:
      appendJsonNumber(out, number_);
      return;
    case Kind::kString:
      appendJsonQuoted(out, string_);
      return;
    case Kind::kArray:
    case Kind::kObject:
      return;
  }
}

namespace {

// The indented layout of an array or object at `depth`: `open`, then the n entries one a line
// at depth + 1 (each written by `entry(i)`), then `close` on a line of its own; an empty one
// stays on one line ("[]", "{}").
template <class WriteEntry>
void writeIndented(std::string& out, int depth, size_t n, char open, char close,
                   const WriteEntry& entry) {
  out += open;
  if (n > 0) {
    out += '\n';
    for (size_t i = 0; i < n; ++i) {
      out.append(static_cast<size_t>(depth + 1) * 2, ' ');
      entry(i);
      out += i + 1 < n ? ",\n" : "\n";
    }
    out.append(static_cast<size_t>(depth) * 2, ' ');
  }
  out += close;
}

}  // namespace

void Json::write(std::string& out, int depth) const {
  switch (kind_) {
    case Kind::kNull:
    case Kind::kBool:
    case Kind::kNumber:
    case Kind::kString:
      writeScalar(out);
      return;
    case Kind::kArray:
      writeIndented(out, depth, items_.size(), '[', ']',
                    [&](size_t i) { items_[i].write(out, depth + 1); });
      return;
    case Kind::kObject:
      writeIndented(out, depth, members_.size(), '{', '}', [&](size_t i) {
        appendJsonQuoted(out, members_[i].first);
        out += ": ";
        members_[i].second.write(out, depth + 1);
      });
      return;
  }
}

void Json::writeCompact(std::string& out) const {
  switch (kind_) {
    case Kind::kNull:
    case Kind::kBool:
    case Kind::kNumber:
    case Kind::kString:
      writeScalar(out);
      return;
    case Kind::kArray:
      out += '[';
      for (size_t i = 0; i < items_.size(); ++i) {
        if (i > 0) out += ',';
        items_[i].writeCompact(out);
      }
      out += ']';
      return;
    case Kind::kObject:
      out += '{';
      for (size_t i = 0; i < members_.size(); ++i) {
        if (i > 0) out += ',';
        appendJsonQuoted(out, members_[i].first);
        out += ':';
        members_[i].second.writeCompact(out);
      }
      out += '}';
      return;
  }
}

std::string Json::compact() const {
  std::string out;
  writeCompact(out);
  return out;
}

std::string Json::dump() const {
  std::string out;
  write(out, 0);
  return out + "\n";
}

}  // namespace openlim::format
