#include "line_prefixer.h"

namespace openlim::cmd {

std::string LinePrefixer::feed(std::string_view chunk) {
  std::string out;
  while (!chunk.empty()) {
    size_t nl = chunk.find('\n');
    size_t take = nl == std::string_view::npos ? chunk.size() : nl + 1;
    if (held_.size() + take >= kMaxLine && nl == std::string_view::npos) {
      take = kMaxLine - held_.size();
      held_.append(chunk.substr(0, take));
      out += prefix_ + held_ + '\n';
      held_.clear();
    } else {
      held_.append(chunk.substr(0, take));
      if (nl != std::string_view::npos) {
        out += prefix_ + held_;
        held_.clear();
      }
    }
    chunk.remove_prefix(take);
  }
  return out;
}

std::string LinePrefixer::finish() {
  if (held_.empty()) return "";
  std::string out = prefix_ + held_ + '\n';
  held_.clear();
  return out;
}

}  // namespace openlim::cmd
