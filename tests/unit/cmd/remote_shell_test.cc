// The remote shell's pure part: LSF_RSH's words, the remote command line, exit codes.
#include "remote_shell.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace openlim::cmd {
namespace {

using Words = std::vector<std::string>;

TEST(SplitShellWords, SplitsOnBlanksAndKeepsQuotedWordsWhole) {
  EXPECT_EQ(*splitShellWords("rsh"), Words{"rsh"});
  EXPECT_EQ(*splitShellWords("  ssh\t-x  -q "), (Words{"ssh", "-x", "-q"}));
  EXPECT_EQ(*splitShellWords("ssh -o 'Batch Mode yes'"), (Words{"ssh", "-o", "Batch Mode yes"}));
  EXPECT_EQ(*splitShellWords(R"(my\ rsh "a \"b\" \$c \x" x'y'z)"),
            (Words{"my rsh", R"(a "b" $c \x)", "xyz"}));
  EXPECT_EQ(*splitShellWords("''"), Words{""});
}

TEST(SplitShellWords, RefusesMalformedValues) {
  for (const char* bad : {"", "   ", "ssh 'open", "ssh \"open", "ssh \\", "ssh \"a\\\""})
    EXPECT_EQ(splitShellWords(bad).status().code(), Code::kInvalid) << bad;
  std::string many;
  for (int i = 0; i <= static_cast<int>(kMaxRshWords); ++i) many += "w ";
  EXPECT_FALSE(splitShellWords(many).isOk());
  EXPECT_FALSE(splitShellWords(std::string(kMaxRshLength + 1, 'x')).isOk());
  EXPECT_TRUE(splitShellWords(std::string(kMaxRshLength, 'x')).isOk());
}

// What /bin/sh makes of a line: the words it passes to the command, one per line.
std::string shellWords(const std::string& line) {
  std::string script = "printw() { for w in \"$@\"; do printf '[%s]\\n' \"$w\"; done; }; " + line;
  std::vector<std::string> argv{"/bin/sh", "-c", script};
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string out;
  char buf[256];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) out.append(buf, n);
  ::close(fds[0]);
  int st;
  ::waitpid(pid, &st, 0);
  return out;
}

TEST(RemoteCommandLine, ArgumentsWithBlanksQuotesAndDollarsArriveUnchanged) {
  Words argv{"printw", "a b", "it's", "\"q\"", "$HOME", "`id`", "\\n", "", "*"};
  std::string line = remoteCommandLine("/", argv);
  EXPECT_EQ(shellWords(line), "[a b]\n[it's]\n[\"q\"]\n[$HOME]\n[`id`]\n[\\n]\n[]\n[*]\n");
}

TEST(RemoteCommandLine, ChangesToTheDirectoryOrTmp) {
  EXPECT_EQ(shellWords(remoteCommandLine("/usr", {"pwd"})), "/usr\n");
  EXPECT_EQ(shellWords(remoteCommandLine("/no/such dir'x", {"pwd"}) + " 2>/dev/null"), "/tmp\n");
}

TEST(RemoteArgv, InsertsTheTerminalFlagHostAndOneLine) {
  EXPECT_EQ(remoteArgv({"ssh", "-q"}, "hostB", "cd '/' || cd /tmp; 'x'", false),
            (Words{"ssh", "-q", "hostB", "cd '/' || cd /tmp; 'x'"}));
  EXPECT_EQ(remoteArgv({"ssh"}, "hostB", "l", true), (Words{"ssh", "-t", "hostB", "l"}));
}

TEST(ExitCodeOf, ExitCodesAndSignals) {
  auto statusOf = [](const char* script) {
    pid_t pid = ::fork();
    if (pid == 0) {
      ::execl("/bin/sh", "sh", "-c", script, static_cast<char*>(nullptr));
      ::_exit(127);
    }
    int st = 0;
    ::waitpid(pid, &st, 0);
    return st;
  };
  EXPECT_EQ(exitCodeOf(statusOf("exit 0")), 0);
  EXPECT_EQ(exitCodeOf(statusOf("exit 42")), 42);
  EXPECT_EQ(exitCodeOf(statusOf("kill -TERM $$")), 128 + SIGTERM);
  EXPECT_EQ(exitCodeOf(statusOf("kill -KILL $$")), 128 + SIGKILL);
}

}  // namespace
}  // namespace openlim::cmd
