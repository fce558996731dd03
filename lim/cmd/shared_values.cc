// The shared-resource listings of lsload -s and lshosts -s, and small request helpers.
#include "shared_values.h"

#include <algorithm>

#include "format/load_format.h"
#include "format/misc_format.h"
#include "format/reply_parse.h"
#include "format/text.h"

namespace openlim::cmd {

format::Json toArray(const std::vector<std::string>& v) {
  format::Json a = format::Json::array();
  for (const auto& s : v) a.push(format::Json::string(s));
  return a;
}

bool named(const std::vector<std::string>& names, const std::string& resource) {
  return names.empty() || std::find(names.begin(), names.end(), resource) != names.end();
}

// Shared instances named (all when none), reporting names that have none.
int printShared(const ParsedArgs& a, CmdIo& io, bool dynamic, const std::string& cmd) {
  format::Json req = request("shared");
  if (!a.operands.empty()) req.add("names", toArray(a.operands));
  auto reply = call(io.lim, req);
  if (!reply) return fail(io, cmd, reply.status());
  std::vector<format::SharedInstance> shown;
  for (auto& in : format::parseShared(*reply))
    if (in.dynamic == dynamic && named(a.operands, in.resource)) shown.push_back(std::move(in));
  int rc = kExitOk;
  for (const auto& n : a.operands) {
    bool found = false;
    for (const auto& in : shown) found = found || in.resource == n;
    if (!found) {
      io.err << cmd << ": " << format::clipEcho(n) << ": Resource name not found\n";
      rc = kExitNotFound;
    }
  }
  if (a.has("json")) {
    io.out << format::sharedJson(shown).dump();
  } else if (shown.empty() && a.operands.empty()) {
    io.out << "No " << (dynamic ? "dynamic" : "static") << " shared resources defined\n";
  } else if (!shown.empty()) {
    io.out << format::formatSharedValues(shown);
  }
  return rc;
}

}  // namespace openlim::cmd
