#pragma once
// lsgrun -p: turns the chunks read from one host's stdout (or stderr) into whole lines, each
// prefixed with "host: ", so the lines of hosts that run at once never interleave within a
// line. Pure: the launcher reads the pipes and writes what feed() returns.

#include <string>
#include <string_view>

namespace openlim::cmd {

class LinePrefixer {
 public:
  // A line longer than this is written in pieces of this size, each prefixed (a command
  // that writes no newline cannot make lsgrun hold an unbounded buffer).
  static constexpr size_t kMaxLine = 64 * 1024;

  explicit LinePrefixer(std::string prefix) : prefix_(std::move(prefix)) {}

  // The complete lines `chunk` ends (with any held part before them), prefixed; the rest is
  // held for the next call. Linear in the chunk's size.
  std::string feed(std::string_view chunk);
  // At end of output: the held part as a last line (a newline added), or "".
  std::string finish();

 private:
  std::string prefix_;
  std::string held_;
};

}  // namespace openlim::cmd
