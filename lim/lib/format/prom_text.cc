// The Prometheus text exposition format (see prom_text.h).
#include "format/prom_text.h"

#include <charconv>
#include <cmath>

namespace openlim::format {

void appendPromLabelValue(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

void appendPromHelp(std::string& out, std::string_view help) {
  for (char c : help) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

void appendPromValue(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
    return;
  }
  if (std::isinf(value)) {
    out += value > 0 ? "+Inf" : "-Inf";
    return;
  }
  // Whole numbers (counters, most gauges) as integers: shorter, and what people expect.
  if (std::fabs(value) < 1e15 && value == std::trunc(value)) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(value));
    out.append(buf, r.ptr);
    return;
  }
  // Plain decimals where they stay short (le="0.0005", not "5e-04"), exponents elsewhere.
  const double mag = std::fabs(value);
  const auto fmt =
      mag >= 1e-6 && mag < 1e15 ? std::chars_format::fixed : std::chars_format::general;
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, value, fmt);
  out.append(buf, r.ptr);
}

void PromWriter::family(std::string_view name, std::string_view type, std::string_view help) {
  out_ += "# HELP ";
  out_ += name;
  out_ += ' ';
  appendPromHelp(out_, help);
  out_ += "\n# TYPE ";
  out_ += name;
  out_ += ' ';
  out_ += type;
  out_ += '\n';
}

void PromWriter::sample(std::string_view name, std::initializer_list<PromLabel> labels,
                        double value) {
  out_ += name;
  if (labels.size() > 0) {
    out_ += '{';
    bool first = true;
    for (const auto& [k, v] : labels) {
      if (!first) out_ += ',';
      first = false;
      out_ += k;
      out_ += "=\"";
      appendPromLabelValue(out_, v);
      out_ += '"';
    }
    out_ += '}';
  }
  out_ += ' ';
  appendPromValue(out_, value);
  out_ += '\n';
}

void PromWriter::sampleRaw(std::string_view name, std::string_view labels, double value) {
  out_ += name;
  out_ += '{';
  out_ += labels;
  out_ += "} ";
  appendPromValue(out_, value);
  out_ += '\n';
}

}  // namespace openlim::format
