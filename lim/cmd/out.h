#pragma once
// A command's output stream: text appended to a buffer and written to a file descriptor,
// or kept (fd -1) for tests to read. The commands use it instead of std::ostream because a
// std::ostream constructs the C++ locale at start-up (a dozen facets, ~15 page faults),
// a tenth of a short command's run time on a VM where a page fault costs ~12 us.

#include <string>
#include <string_view>
#include <type_traits>

namespace openlim::cmd {

class Out {
 public:
  enum class Buffering { kFull, kUnit };  // kUnit: written at every <<, as std::cerr
  Out() = default;                        // keeps the text: str()
  explicit Out(int fd, Buffering b = Buffering::kFull) : fd_(fd), unit_(b == Buffering::kUnit) {}
  Out(const Out&) = delete;
  Out& operator=(const Out&) = delete;
  ~Out() { flush(); }

  Out& operator<<(std::string_view s);
  Out& operator<<(char c) { return *this << std::string_view(&c, 1); }
  Out& operator<<(Out& (*manipulator)(Out&)) { return manipulator(*this); }
  template <typename T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, bool>) Out&
  operator<<(T n) {
    return *this << std::string_view(std::to_string(n));
  }
  // Fractions have no place here: the formatters decide how a value reads.
  template <typename T>
  requires(std::is_floating_point_v<T> || std::is_same_v<T, bool>) Out& operator<<(T) = delete;

  void flush();
  const std::string& str() const { return buf_; }  // what was written (fd -1)
  // `other` is flushed before this stream writes (stderr tied to stdout): text written to
  // both, as a progress line and then its error, reaches a shared pipe in the order written.
  void tie(Out* other) { tied_ = other; }

 private:
  int fd_ = -1;
  bool unit_ = false;
  Out* tied_ = nullptr;
  std::string buf_;
};

// `out << flush`: writes what is buffered now (a progress line before a slow step).
Out& flush(Out& out);

// The process's stdout (buffered, written out at exit) and stderr (written at every <<, tied
// to stdout: what stdout holds is written first).
Out& standardOutput();
Out& standardError();

}  // namespace openlim::cmd
