#include "format/json_writer.h"

#include "format/json.h"

namespace openlim::format {

// A comma before every item but a container's first, none between a key and its value.
void JsonWriter::separate() {
  wrote_ = true;
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (open_.empty()) return;
  if (open_.back()) out_ += ',';
  open_.back() = true;
}

JsonWriter& JsonWriter::beginObject() {
  separate();
  out_ += '{';
  open_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::endObject() {
  out_ += '}';
  if (!open_.empty()) open_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::beginArray() {
  separate();
  out_ += '[';
  open_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::endArray() {
  out_ += ']';
  if (!open_.empty()) open_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  separate();
  appendJsonQuoted(out_, k);
  out_ += ':';
  afterKey_ = true;
  return *this;
}

JsonWriter& JsonWriter::keyText(std::string_view quotedWithColon) {
  separate();
  out_ += quotedWithColon;
  afterKey_ = true;
  return *this;
}

std::string JsonWriter::quotedKey(std::string_view k) {
  std::string out;
  appendJsonQuoted(out, k);
  out += ':';
  return out;
}

JsonWriter& JsonWriter::str(std::string_view s) {
  separate();
  appendJsonQuoted(out_, s);
  return *this;
}

JsonWriter& JsonWriter::num(double v) {
  separate();
  appendJsonNumber(out_, v);
  return *this;
}

JsonWriter& JsonWriter::boolean(bool b) {
  separate();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  out_ += json;
  return *this;
}

JsonWriter& JsonWriter::strings(const std::vector<std::string>& v) {
  beginArray();
  for (const auto& s : v) str(s);
  return endArray();
}

}  // namespace openlim::format
