// Fuzzes the remote shell's pure part: LSF_RSH word splitting (quotes, backslashes, bounds),
// the remote command line built from the words, and lsgrun -p's line assembly fed the input
// in two chunks.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "line_prefixer.h"
#include "remote_shell.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto words = openlim::cmd::splitShellWords(text);
  if (words) {
    if (words->empty() || words->size() > openlim::cmd::kMaxRshWords) __builtin_trap();
    std::string line = openlim::cmd::remoteCommandLine("/tmp", *words);
    (void)openlim::cmd::remoteArgv(*words, "host", line, size % 2 == 0);
  }
  openlim::cmd::LinePrefixer p("h: ");
  std::string out = p.feed(text.substr(0, size / 2));
  out += p.feed(text.substr(size / 2));
  out += p.finish();
  // Every byte comes out once, after its prefix; the output ends a line when there is any.
  if (!out.empty() && out.back() != '\n') __builtin_trap();
  return 0;
}
