#pragma once
// A small JSON value: built for the commands' -json output and the lim's replies, parsed
// from requests, replies and snapshot files. Objects keep insertion order so output is
// stable; numbers never print as NaN (unknown is null). Pure, so the commands need no JSON
// library (a command's run time is mostly the dynamic loader) and the parser is fuzzed.

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "openlim/status.h"

namespace openlim::format {

class Json {
 public:
  enum class Kind : unsigned char { kNull, kBool, kNumber, kString, kArray, kObject };

  Json() = default;
  static Json null() { return {}; }
  static Json boolean(bool b);
  static Json number(double v);  // NaN or infinite becomes null
  static Json string(std::string s);
  static Json array();
  static Json object();

  Json& set(const std::string& key, Json v);  // objects; replaces an existing key
  // Objects: appends without looking for an existing key (the caller knows keys are new);
  // building a 10,000-member object with set() would be quadratic.
  Json& add(std::string key, Json v);
  Json& push(Json v);  // arrays
  Kind kind() const { return kind_; }
  size_t size() const { return kind_ == Kind::kArray ? items_.size() : members_.size(); }

  bool isNull() const { return kind_ == Kind::kNull; }
  bool isBool() const { return kind_ == Kind::kBool; }
  bool isNumber() const { return kind_ == Kind::kNumber; }
  bool isString() const { return kind_ == Kind::kString; }
  bool isArray() const { return kind_ == Kind::kArray; }
  bool isObject() const { return kind_ == Kind::kObject; }
  // The value, or `fallback` when this is of another kind.
  bool asBool(bool fallback = false) const { return isBool() ? bool_ : fallback; }
  double asNumber(double fallback = 0) const { return isNumber() ? number_ : fallback; }
  const std::string& asString() const;  // empty when not a string
  std::string stringOr(std::string_view key, std::string fallback = "") const;
  // Objects: the member named `key` (the last one when a text repeats it), else nullptr.
  const Json* find(std::string_view key) const;
  // Arrays' items / objects' members; empty for other kinds.
  const std::vector<Json>& items() const { return items_; }
  const std::vector<std::pair<std::string, Json>>& members() const { return members_; }

  // Two-space indented text with a trailing newline at top level.
  std::string dump() const;
  // One line, no spaces, no trailing newline: requests and the lim's replies.
  std::string compact() const;
  void writeCompact(std::string& out) const;

 private:
  friend class JsonParser;
  friend class JsonTreeBuilder;
  void write(std::string& out, int depth) const;
  // null, a boolean, a number or a string: the same in both layouts.
  void writeScalar(std::string& out) const;
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

// Parses one JSON text (RFC 8259; whitespace around it allowed, nothing else after it).
// Strings are UTF-8 (\\u escapes and surrogate pairs decoded; a lone surrogate becomes
// U+FFFD); numbers are doubles; nesting deeper than `maxDepth` is refused. Errors are
// kInvalid "JSON offset N: <what>", never exceptions.
Result<Json> parseJson(std::string_view text, size_t maxDepth = 64);

// The same reader as events, for a big reply read straight into a flat model (10,000 hosts
// as a Json tree would be ~50 MB of nodes): begin/end of each object and array, each member
// name, and each scalar (null, boolean, number, string) as a Json the sink may move from.
// Names and strings are decoded. Errors as parseJson; events before an error have been sent.
class JsonEvents {
 public:
  virtual ~JsonEvents() = default;
  virtual void beginObject() = 0;
  virtual void key(std::string_view name) = 0;
  virtual void endObject() = 0;
  virtual void beginArray() = 0;
  virtual void endArray() = 0;
  virtual void scalar(Json& value) = 0;
};
Status parseJsonEvents(std::string_view text, JsonEvents& sink, size_t maxDepth = 64);

// A reply whose bulk is one array member of its root object (`hosts` of 10,000 hosts): each
// item of that array is built alone, handed to `onItem` and dropped, so the whole text is
// never one tree. Returns the root without that member. Errors as parseJson.
Result<Json> parseJsonItems(std::string_view text, std::string_view arrayKey,
                            const std::function<void(Json& item)>& onItem, size_t maxDepth = 64);

std::string jsonQuote(const std::string& s);
void appendJsonQuoted(std::string& out, std::string_view s);
// Shortest text that reads back as the same double; integers without a fraction.
std::string jsonNumber(double v);
void appendJsonNumber(std::string& out, double v);

}  // namespace openlim::format
