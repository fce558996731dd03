#pragma once
// The Prometheus text exposition format, version 0.0.4: metric families (HELP and TYPE
// lines) and their samples, label values escaped as the format requires. Pure: it only
// appends to a string. Names are the caller's constants and are not checked here; label
// values and HELP text may be anything (host names, elim names, ...).

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace openlim::format {

// The Content-Type a scrape answer carries.
inline constexpr const char* kPromContentType = "text/plain; version=0.0.4; charset=utf-8";

using PromLabel = std::pair<std::string_view, std::string_view>;

// A label value: backslash, double quote and line feed escaped (\\ \" \n).
void appendPromLabelValue(std::string& out, std::string_view value);
// A HELP text: backslash and line feed escaped.
void appendPromHelp(std::string& out, std::string_view help);
// A sample value: the shortest decimal that reads back the same double; NaN, +Inf, -Inf.
void appendPromValue(std::string& out, double value);

class PromWriter {
 public:
  explicit PromWriter(std::string& out) : out_(out) {}
  // "# HELP name help" and "# TYPE name type" (type: counter gauge histogram untyped).
  void family(std::string_view name, std::string_view type, std::string_view help);
  // "name{l1="v1",...} value"; no braces without labels.
  void sample(std::string_view name, std::initializer_list<PromLabel> labels, double value);
  void sample(std::string_view name, double value) { sample(name, {}, value); }
  // A family of one unlabelled sample: its HELP, its TYPE and the value.
  void single(std::string_view name, std::string_view type, std::string_view help, double value) {
    family(name, type, help);
    sample(name, value);
  }
  // A sample with the labels written by the caller: `labels` is `l1="v1",...` already
  // escaped (the writer's hot path reuses one host's label text for all its samples).
  void sampleRaw(std::string_view name, std::string_view labels, double value);

 private:
  std::string& out_;
};

}  // namespace openlim::format
