#pragma once
// The remote shell as a transport (lsrun, lsgrun, lslogin; docs/commands.md "Remote
// execution"): the pure part. It turns LSF_RSH into an argv, builds the command line the
// remote shell hands to the user's shell there, and maps a wait status to an exit code.
// Nothing here forks, reads the environment or touches a file descriptor (remote_launcher.h
// does).

#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::cmd {

// The remote shell when LSF_RSH is set neither in the environment nor in lsf.conf.
inline constexpr const char* kDefaultRsh = "ssh";
// ssh's (and rsh's) exit code when the connection failed: "the remote shell cannot reach
// the host". A remote command that itself exits 255 reads the same (the transport has no
// other channel to tell them apart).
inline constexpr int kExitRemoteShell = 255;
// Bounds of LSF_RSH (it comes from the environment or lsf.conf).
inline constexpr size_t kMaxRshLength = 4096;
inline constexpr size_t kMaxRshWords = 64;

// `s` quoted for /bin/sh: 'it'\''s' (lsadmin limstartup's command lines too).
std::string shellQuote(const std::string& s);

// LSF_RSH split into words as /bin/sh would split it (blanks separate words; '...' keeps
// everything; "..." keeps everything but \" \\ \$ \` ; a backslash outside quotes keeps the
// next character), so LSF_RSH="ssh -o 'BatchMode yes'" is {ssh, -o, BatchMode yes}. No
// expansion of $ or globs. kInvalid for an unterminated quote, an empty value, more than
// kMaxRshWords words or more than kMaxRshLength characters.
Result<std::vector<std::string>> splitShellWords(std::string_view text);

// The line the remote shell runs there: change to `cwd` (sites share home and project file
// systems; when it does not exist there, the remote shell says so and the command runs in
// /tmp, as LSF does; `cwd` is absolute), then the command with every
// word quoted, so blanks, quotes and `$` arrive unchanged. The command is not exec'd: the
// remote shell then reports a command that died of signal N as 128+N, which the remote
// shell passes on (an exec'd one would be reported by ssh as its own failure, 255).
std::string remoteCommandLine(const std::string& cwd, const std::vector<std::string>& argv);

// The argv that runs `line` on `host`: the remote shell's words, "-t" with a
// pseudo-terminal (-P), the host, the line as one argument.
std::vector<std::string> remoteArgv(const std::vector<std::string>& rsh, const std::string& host,
                                    const std::string& line, bool pty);

// A wait status as a shell reports it: the exit code, or 128+N for death by signal N.
int exitCodeOf(int waitStatus);

}  // namespace openlim::cmd
