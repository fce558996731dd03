#pragma once
// A fake lim for command tests: answers each op with <fixture>/<op>.json (or a per-case
// override), records every request, or plays a lim that is down.

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "format/json.h"
#include "querier.h"

namespace openlim::cmd::testing {

inline std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class FakeLim : public Querier {
 public:
  bool down = false;
  std::map<std::string, std::string> replies;  // op -> reply text
  std::vector<std::string> requests;           // as sent
  std::vector<bool> admin;

  Result<std::string> ask(const std::string& request, bool isAdmin) override {
    requests.push_back(request);
    admin.push_back(isAdmin);
    if (down) return Status(Code::kUnavailable, "connection refused");
    auto obj = format::parseJson(request);
    if (!obj) return Status(Code::kInvalid, "fake lim: bad request " + request);
    std::string op = obj->stringOr("op");
    auto it = replies.find(op);
    if (it == replies.end()) return std::string(R"({"ok":true})");
    return it->second;
  }
};

}  // namespace openlim::cmd::testing
