#pragma once
// A small JSON value for the commands' -json output: objects keep insertion order so the
// output is stable; numbers never print as NaN (unknown is null). Pure.

#include <string>
#include <utility>
#include <vector>

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
  Json& push(Json v);                         // arrays
  Kind kind() const { return kind_; }
  size_t size() const { return kind_ == Kind::kArray ? items_.size() : members_.size(); }

  // Two-space indented text with a trailing newline at top level.
  std::string dump() const;

 private:
  void write(std::string& out, int depth) const;
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

std::string jsonQuote(const std::string& s);
// Shortest text that reads back as the same double; integers without a fraction.
std::string jsonNumber(double v);

}  // namespace openlim::format
