#include "remote_shell.h"

#include <sys/wait.h>

namespace openlim::cmd {
namespace {

Status bad(const std::string& why) {
  return Status(Code::kInvalid, "LSF_RSH: " + why);
}

// Inside "...", a backslash escapes only these (as /bin/sh).
bool escapableInDoubleQuotes(char c) {
  return c == '"' || c == '\\' || c == '$' || c == '`';
}

}  // namespace

std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

// words := word (blank+ word)* ; word := (plain | '\' char | '...' | "...")+
Result<std::vector<std::string>> splitShellWords(std::string_view text) {
  if (text.size() > kMaxRshLength)
    return bad("longer than " + std::to_string(kMaxRshLength) + " characters");
  std::vector<std::string> words;
  std::string cur;
  bool inWord = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord) words.push_back(std::move(cur));
      cur.clear();
      inWord = false;
      continue;
    }
    inWord = true;
    if (c == '\\') {
      if (++i == text.size()) return bad("ends with a backslash");
      cur += text[i];
    } else if (c == '\'') {
      size_t end = text.find('\'', i + 1);
      if (end == std::string_view::npos) return bad("unterminated quote (')");
      cur.append(text.substr(i + 1, end - i - 1));
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i == text.size()) return bad("unterminated quote (\")");
        if (text[i] == '"') break;
        if (text[i] == '\\' && i + 1 < text.size() && escapableInDoubleQuotes(text[i + 1])) ++i;
        cur += text[i];
      }
    } else {
      cur += c;
    }
  }
  if (inWord) words.push_back(std::move(cur));
  if (words.size() > kMaxRshWords)
    return bad("more than " + std::to_string(kMaxRshWords) + " words");
  if (words.empty()) return bad("empty");
  return words;
}

std::string remoteCommandLine(const std::string& cwd, const std::vector<std::string>& argv) {
  std::string line = "cd " + shellQuote(cwd) + " || cd /tmp;";
  for (const auto& w : argv) line += " " + shellQuote(w);
  return line;
}

std::vector<std::string> remoteArgv(const std::vector<std::string>& rsh, const std::string& host,
                                    const std::string& line, bool pty) {
  std::vector<std::string> argv = rsh;
  if (pty) argv.push_back("-t");
  argv.push_back(host);
  argv.push_back(line);
  return argv;
}

int exitCodeOf(int waitStatus) {
  if (WIFEXITED(waitStatus)) return WEXITSTATUS(waitStatus);
  if (WIFSIGNALED(waitStatus)) return 128 + WTERMSIG(waitStatus);
  return kExitRemoteShell;
}

}  // namespace openlim::cmd
