// Out: the commands' stdout/stderr without std::ostream. Text reaches the descriptor whole
// and in order, buffered until flush (or at once when unit-buffered), and is kept for tests.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "out.h"

namespace openlim::cmd {
namespace {

std::string drain(int fd) {
  std::string got;
  char buf[65536];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
  return got;
}

struct Pipe {
  int fd[2];
  Pipe() {
    EXPECT_EQ(::pipe(fd), 0);
    ::fcntl(fd[0], F_SETFL, O_NONBLOCK);
    big = ::fcntl(fd[1], F_SETPIPE_SZ, 1 << 20) >= (1 << 20);
  }
  bool big = false;  // holds a whole big output: no reader thread needed
  ~Pipe() {
    ::close(fd[0]);
    ::close(fd[1]);
  }
};

TEST(Out, KeepsTextWithoutADescriptor) {
  Out out;
  out << "hosts: " << 3 << ' ' << std::string("ok") << '\n' << -7L << flush;
  EXPECT_EQ(out.str(), "hosts: 3 ok\n-7");
}

// stdout and stderr into one pipe (`lsadmin ... 2>&1 | less`): an error follows the progress
// text written before it, though stdout is buffered and stderr is not.
TEST(Out, ATiedStreamWritesWhatTheOtherHoldsFirst) {
  Pipe p;
  Out out(p.fd[1]);
  Out err(p.fd[1], Out::Buffering::kUnit);
  err.tie(&out);
  out << "Restart LIM on <hostB> ...... failed\n";
  err << "lsadmin: Permission denied\n";
  out << "Restart LIM on <hostC> ...... done\n";
  out.flush();
  EXPECT_EQ(drain(p.fd[0]),
            "Restart LIM on <hostB> ...... failed\nlsadmin: Permission denied\n"
            "Restart LIM on <hostC> ...... done\n");
}

TEST(Out, FullyBufferedWritesOnFlushAndAtTheEnd) {
  Pipe p;
  {
    Out out(p.fd[1]);
    out << "Starting up LIM on <hostB> ...... ";
    EXPECT_EQ(drain(p.fd[0]), "");  // still buffered
    out << flush;
    EXPECT_EQ(drain(p.fd[0]), "Starting up LIM on <hostB> ...... ");
    out << "done\n";
  }
  EXPECT_EQ(drain(p.fd[0]), "done\n");
}

TEST(Out, UnitBufferedWritesEveryInsertion) {
  Pipe p;
  Out err(p.fd[1], Out::Buffering::kUnit);
  err << "lsplace: "
      << "Not enough host(s) currently eligible\n";
  EXPECT_EQ(drain(p.fd[0]), "lsplace: Not enough host(s) currently eligible\n");
}

TEST(Out, BigOutputArrivesWholeAndInOrder) {
  Pipe p;
  if (!p.big) GTEST_SKIP() << "cannot grow a pipe to 1 MB here";
  std::string expected;
  {
    Out out(p.fd[1]);
    for (int i = 0; i < 20000; ++i) {
      std::string line = "host" + std::to_string(i) + " ok 0.5 0.7 1.2 3% 0.0 1 5 10G 4G 12G\n";
      out << line;
      expected += line;
    }
  }
  EXPECT_EQ(drain(p.fd[0]), expected);
}

}  // namespace
}  // namespace openlim::cmd
