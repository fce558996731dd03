#pragma once
// Collects diagnostics for one file: every problem once, with its real line.

#include <string>
#include <utility>
#include <vector>

#include "openlim/config.h"

namespace openlim::config {

class DiagSink {
 public:
  // REQUIRES: out outlives the sink.
  DiagSink(std::string file, std::vector<Diagnostic>* out) : file_(std::move(file)), out_(out) {}

  // A value or line was ignored; the configuration is still usable.
  void warn(int line, std::string message) { add(line, Severity::kWarning, std::move(message)); }
  // The configuration cannot be used (broken structure, missing file, no hosts).
  void error(int line, std::string message) { add(line, Severity::kError, std::move(message)); }
  const std::string& file() const { return file_; }

 private:
  void add(int line, Severity sev, std::string message) {
    out_->push_back(Diagnostic{file_, line, sev, std::move(message)});
  }
  std::string file_;
  std::vector<Diagnostic>* out_;
};

// One problem as ckconfig and reconfig print it: "file:line: error: message" (or warning; no
// line for a problem of the whole file).
inline std::string diagnosticLine(const Diagnostic& d) {
  std::string where = d.file;
  if (d.line > 0) where += ":" + std::to_string(d.line);
  return where + (d.severity == Severity::kError ? ": error: " : ": warning: ") + d.message;
}

// "<name>" quoting used in every message, as LSF does.
inline std::string q(const std::string& s) {
  return "<" + s + ">";
}

}  // namespace openlim::config
