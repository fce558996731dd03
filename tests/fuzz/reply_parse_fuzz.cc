// Fuzzes the commands' reply handling: parseJson on arbitrary bytes, then every reply parser
// (load, hosts, info, shared, id, elim status) on whatever parsed, and the formatters on
// their results, as a command would print them. Nothing may crash, whatever the lim sends.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/hosts_format.h"
#include "format/info_format.h"
#include "format/json.h"
#include "format/load_format.h"
#include "format/misc_format.h"
#include "format/reply_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace openlim;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // The streaming readers of the big replies take any text too.
  if (auto load = format::parseLoadReply(text)) (void)format::loadJson(load->snapshot);
  if (auto hosts = format::parseHostsReply(text)) (void)format::formatHosts(hosts->hosts, true);
  auto reply = format::parseJson(text);
  if (!reply) return 0;
  // What the parser accepted writes back to text it accepts again, unchanged.
  std::string once = reply->compact();
  auto again = format::parseJson(once);
  if (!again || again->compact() != once) __builtin_trap();
  format::ClusterInfo info = format::parseInfo(*reply);
  format::LoadSnapshot load = format::parseLoad(*reply);
  format::LoadOptions longForm;
  longForm.longFormat = true;
  (void)format::formatLoad(load, info, format::LoadOptions{});
  (void)format::formatLoad(load, info, longForm);
  auto hosts = format::parseHosts(*reply);
  (void)format::formatHosts(hosts, false);
  (void)format::formatHostsLong(hosts, info);
  (void)format::formatInfo(info, format::InfoOptions{});
  auto shared = format::parseShared(*reply);
  (void)format::formatSharedValues(shared);
  (void)format::parseId(*reply);
  (void)format::formatElimStatus(format::parseElimStatus(*reply));
  (void)format::stringList(*reply, "diagnostics");
  return 0;
}
