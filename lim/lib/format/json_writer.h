#pragma once
// A streaming JSON writer: appends compact text (no spaces, like Json::compact) straight to a
// string. The lim's big replies (load and hosts at 10,000+ hosts: ~40 values a host) built
// as a Json tree cost one node allocation a value; written in place they cost a few appends.
// The caller nests begin/end calls correctly; keys are written as given (no duplicate check).

#include <string>
#include <string_view>
#include <vector>

namespace openlim::format {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& beginObject();
  JsonWriter& endObject();
  JsonWriter& beginArray();
  JsonWriter& endArray();
  // Objects: the next value's key.
  JsonWriter& key(std::string_view k);
  // The same with the key already written as JSON text plus ':' (quotedKey() makes it):
  // a reply with 10,000 objects of the same keys quotes each key once.
  JsonWriter& keyText(std::string_view quotedWithColon);
  static std::string quotedKey(std::string_view k);

  JsonWriter& str(std::string_view s);
  JsonWriter& num(double v);  // NaN or infinite writes null
  JsonWriter& boolean(bool b);
  JsonWriter& null();
  // An already serialized JSON value, written as is.
  JsonWriter& raw(std::string_view json);

  // Array of strings.
  JsonWriter& strings(const std::vector<std::string>& v);

  // True when every begun object and array has ended.
  bool complete() const { return open_.empty() && wrote_; }

 private:
  void separate();
  std::string& out_;
  std::vector<bool> open_;  // per open container: true once it holds an item
  bool afterKey_ = false;
  bool wrote_ = false;
};

}  // namespace openlim::format
