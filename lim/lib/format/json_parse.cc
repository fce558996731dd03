// parseJsonEvents: a strict RFC 8259 reader that reports what it reads as events (json_tree.cc
// builds trees from them). Hand-written because the commands must not load a JSON library and
// because the core, which the fuzz build links, may not depend on one.

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "format/json.h"

namespace openlim::format {

class JsonParser {
 public:
  JsonParser(std::string_view text, JsonEvents& sink, size_t maxDepth)
      : text_(text), sink_(sink), maxDepth_(maxDepth) {}

  Status parseDocument() {
    skipSpace();
    if (!parseValue(0)) return fail();
    skipSpace();
    if (pos_ != text_.size()) return error("unexpected text after the value"), fail();
    return Status::ok();
  }

 private:
  Status fail() const {
    return Status(Code::kInvalid, "JSON offset " + std::to_string(errorAt_) + ": " + what_);
  }
  bool error(const char* what) {
    if (what_.empty()) {
      what_ = what;
      errorAt_ = pos_;
    }
    return false;
  }
  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }

  void skipSpace() {
    while (!atEnd()) {
      char c = text_[pos_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
      ++pos_;
    }
  }

  bool literal(const char* word) {
    size_t n = std::strlen(word);
    if (text_.substr(pos_, n) != word) return error("invalid literal");
    pos_ += n;
    return true;
  }

  // A scalar is read into scalar_ (its string keeps its capacity between values) and sent.
  bool parseValue(size_t depth) {
    if (atEnd()) return error("unexpected end of text");
    switch (peek()) {
      case '{':
        return parseObject(depth + 1);
      case '[':
        return parseArray(depth + 1);
      default:
        break;
    }
    scalar_.kind_ = Json::Kind::kNull;
    scalar_.string_.clear();
    bool ok = true;
    switch (peek()) {
      case '"':
        scalar_.kind_ = Json::Kind::kString;
        ok = parseString(scalar_.string_);
        break;
      case 't':
        scalar_.kind_ = Json::Kind::kBool;
        scalar_.bool_ = true;
        ok = literal("true");
        break;
      case 'f':
        scalar_.kind_ = Json::Kind::kBool;
        scalar_.bool_ = false;
        ok = literal("false");
        break;
      case 'n':
        ok = literal("null");
        break;
      default:
        ok = parseNumber(scalar_);
    }
    if (ok) sink_.scalar(scalar_);
    return ok;
  }

  bool enter(size_t depth) {
    if (depth > maxDepth_) return error("nesting too deep");
    ++pos_;  // the opening bracket
    skipSpace();
    return true;
  }

  bool parseObject(size_t depth) {
    if (!enter(depth)) return false;
    sink_.beginObject();
    if (peek() == '}') return ++pos_, sink_.endObject(), true;
    for (;;) {
      if (peek() != '"') return error("expected a member name");
      key_.clear();
      if (!parseString(key_)) return false;
      skipSpace();
      if (peek() != ':') return error("expected ':'");
      ++pos_;
      skipSpace();
      sink_.key(key_);
      if (!parseValue(depth)) return false;
      skipSpace();
      if (peek() == '}') return ++pos_, sink_.endObject(), true;
      if (peek() != ',') return error("expected ',' or '}'");
      ++pos_;
      skipSpace();
    }
  }

  bool parseArray(size_t depth) {
    if (!enter(depth)) return false;
    sink_.beginArray();
    if (peek() == ']') return ++pos_, sink_.endArray(), true;
    for (;;) {
      if (!parseValue(depth)) return false;
      skipSpace();
      if (peek() == ']') return ++pos_, sink_.endArray(), true;
      if (peek() != ',') return error("expected ',' or ']'");
      ++pos_;
      skipSpace();
    }
  }

  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  size_t digits() {
    size_t start = pos_;
    while (!atEnd() && isDigit(text_[pos_])) ++pos_;
    return pos_ - start;
  }

  // Checks the RFC grammar (no leading zeros, no '+', no bare '.'), then converts.
  bool parseNumber(Json& out) {
    size_t start = pos_;
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
    } else if (digits() == 0) {
      pos_ = start;
      return error("unexpected character");
    }
    if (peek() == '.') {
      ++pos_;
      if (digits() == 0) return error("expected a digit after '.'");
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (digits() == 0) return error("expected a digit in the exponent");
    }
    // from_chars: locale-independent and allocation-free. Out of range: strtod tells
    // underflow (0, kept) from overflow (infinite, refused: a Json number is finite).
    double v = 0;
    auto r = std::from_chars(text_.data() + start, text_.data() + pos_, v);
    if (r.ec == std::errc::result_out_of_range) {
      v = std::strtod(std::string(text_.substr(start, pos_ - start)).c_str(), nullptr);
      if (!std::isfinite(v)) return pos_ = start, error("number out of range");
    }
    out.kind_ = Json::Kind::kNumber;
    out.number_ = v;
    return true;
  }

  bool hex4(unsigned& v) {
    if (text_.size() - pos_ < 4) return error("truncated \\u escape");
    v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      v <<= 4;
      if (isDigit(c))
        v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= static_cast<unsigned>(c - 'A' + 10);
      else
        return --pos_, error("bad hex digit in \\u escape");
    }
    return true;
  }

  static void appendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // After "\u": one code point, pairing a high surrogate with a following low one.
  bool unicodeEscape(std::string& out) {
    unsigned cp = 0;
    if (!hex4(cp)) return false;
    if (cp >= 0xD800 && cp < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
      size_t save = pos_;
      pos_ += 2;
      unsigned low = 0;
      if (!hex4(low)) return false;
      if (low >= 0xDC00 && low < 0xE000) {
        appendUtf8(out, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
        return true;
      }
      pos_ = save;  // not a pair: the high one alone is a lone surrogate
    }
    appendUtf8(out, cp >= 0xD800 && cp < 0xE000 ? 0xFFFD : cp);
    return true;
  }

  bool escape(std::string& out) {
    if (atEnd()) return error("unterminated string");
    char c = text_[pos_++];
    switch (c) {
      case '"':
      case '\\':
      case '/':
        out += c;
        return true;
      case 'b':
        out += '\b';
        return true;
      case 'f':
        out += '\f';
        return true;
      case 'n':
        out += '\n';
        return true;
      case 'r':
        out += '\r';
        return true;
      case 't':
        out += '\t';
        return true;
      case 'u':
        return unicodeEscape(out);
      default:
        return --pos_, error("bad escape in string");
    }
  }

  bool parseString(std::string& out) {
    ++pos_;  // the opening quote
    for (;;) {
      size_t run = pos_;
      while (!atEnd() && text_[pos_] != '"' && text_[pos_] != '\\' &&
             static_cast<unsigned char>(text_[pos_]) >= 0x20)
        ++pos_;
      out.append(text_.data() + run, pos_ - run);
      if (atEnd()) return error("unterminated string");
      char c = text_[pos_];
      if (c == '"') return ++pos_, true;
      if (c != '\\') return error("control character in string");
      ++pos_;
      if (!escape(out)) return false;
    }
  }

  std::string_view text_;
  JsonEvents& sink_;
  size_t maxDepth_;
  size_t pos_ = 0;
  Json scalar_;
  std::string key_;
  std::string what_;
  size_t errorAt_ = 0;
};

Status parseJsonEvents(std::string_view text, JsonEvents& sink, size_t maxDepth) {
  return JsonParser(text, sink, maxDepth).parseDocument();
}

}  // namespace openlim::format
