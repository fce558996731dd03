// The metrics of this lim's melim (its link's counters) and of the elims melim runs (from
// melim's latest status line, docs/melim.md "fd 3: status JSON"). A status line that does
// not parse gives no elim metrics (openlim_melim_status_unparsed says so), never an error.
#include <array>
#include <string_view>
#include <vector>

#include "format/json.h"
#include "format/prom_text.h"
#include "master/metrics_parts.h"

namespace openlim::master {
namespace {

using format::Json;
using format::PromWriter;

constexpr std::array<std::string_view, 4> kMelimStates = {"idle", "running", "backoff", "gave_up"};

struct ElimRow {
  std::string name, state;
  double starts = 0, deaths = 0, accepted = 0, lastLineAge = kUnknown;
  std::vector<std::pair<std::string, double>> dropped;
};

std::vector<ElimRow> parseElims(const Json& status) {
  std::vector<ElimRow> rows;
  const Json* elims = status.find("elims");
  if (!elims || !elims->isArray()) return rows;
  for (const Json& e : elims->items()) {
    if (!e.isObject()) continue;
    ElimRow r;
    r.name = e.stringOr("name");
    r.state = e.stringOr("state");
    auto num = [&](const char* key, double fallback) {
      const Json* v = e.find(key);
      return v && v->isNumber() ? v->asNumber() : fallback;
    };
    r.starts = num("starts", 0);
    r.deaths = num("deaths", 0);
    r.accepted = num("accepted", 0);
    r.lastLineAge = num("last_line_age", kUnknown);
    if (const Json* d = e.find("dropped"); d && d->isObject())
      for (const auto& [reason, n] : d->members())
        if (n.isNumber()) r.dropped.emplace_back(reason, n.asNumber());
    rows.push_back(std::move(r));
  }
  return rows;
}

void melimCounter(PromWriter& w, std::string_view name, std::string_view help,
                  const std::string& host, uint64_t v) {
  w.family(name, "counter", help);
  w.sample(name, {{"host", host}}, static_cast<double>(v));
}

void writeElims(PromWriter& w, const std::string& host, const std::vector<ElimRow>& rows) {
  w.family("openlim_elim_state", "gauge", "1 for each elim's current state (melim's name).");
  for (const auto& r : rows)
    w.sample("openlim_elim_state", {{"host", host}, {"elim", r.name}, {"state", r.state}}, 1);
  w.family("openlim_elim_starts_total", "counter", "Times melim started the elim.");
  for (const auto& r : rows)
    w.sample("openlim_elim_starts_total", {{"host", host}, {"elim", r.name}}, r.starts);
  w.family("openlim_elim_restarts_total", "counter", "Times melim started the elim again.");
  for (const auto& r : rows)
    w.sample("openlim_elim_restarts_total", {{"host", host}, {"elim", r.name}},
             r.starts > 1 ? r.starts - 1 : 0);
  w.family("openlim_elim_deaths_total", "counter", "Times the elim exited or was killed.");
  for (const auto& r : rows)
    w.sample("openlim_elim_deaths_total", {{"host", host}, {"elim", r.name}}, r.deaths);
  w.family("openlim_elim_lines_accepted_total", "counter", "Elim output lines accepted.");
  for (const auto& r : rows)
    w.sample("openlim_elim_lines_accepted_total", {{"host", host}, {"elim", r.name}}, r.accepted);
  w.family("openlim_elim_lines_dropped_total", "counter",
           "Elim output lines dropped, by reason (syntax, bad_number, overlong, ...).");
  for (const auto& r : rows)
    for (const auto& [reason, n] : r.dropped)
      w.sample("openlim_elim_lines_dropped_total",
               {{"host", host}, {"elim", r.name}, {"reason", reason}}, n);
  w.family("openlim_elim_last_line_age_seconds", "gauge",
           "Seconds since the elim's last output line; absent before its first.");
  for (const auto& r : rows)
    if (!isUnknown(r.lastLineAge))
      w.sample("openlim_elim_last_line_age_seconds", {{"host", host}, {"elim", r.name}},
               r.lastLineAge);
}

}  // namespace

void writeMelim(std::string& out, const std::string& host, const MelimMetrics& m) {
  PromWriter w(out);
  w.family("openlim_melim_expected", "gauge",
           "1 when an external resource is expected on this host (melim should run).");
  w.sample("openlim_melim_expected", {{"host", host}}, m.wanted ? 1 : 0);
  w.family("openlim_melim_up", "gauge", "1 while melim's process runs.");
  w.sample("openlim_melim_up", {{"host", host}}, m.running ? 1 : 0);
  w.family("openlim_melim_state", "gauge", "1 for melim's current supervision state.");
  for (std::string_view s : kMelimStates)
    w.sample("openlim_melim_state", {{"host", host}, {"state", s}}, m.state == s ? 1 : 0);
  melimCounter(w, "openlim_melim_starts_total", "Times lim started melim.", host, m.starts);
  melimCounter(w, "openlim_melim_deaths_total", "Times melim exited without being asked.", host,
               m.deaths);
  melimCounter(w, "openlim_melim_restarts_total", "Times lim restarted melim.", host, m.restarts);
  melimCounter(w, "openlim_melim_gave_up_total", "Times melim's restart cap was reached.", host,
               m.gaveUp);
  melimCounter(w, "openlim_melim_lines_total", "Value lines lim accepted from melim.", host,
               m.lines);
  melimCounter(w, "openlim_melim_bad_lines_total", "Value lines lim rejected from melim.", host,
               m.badLines);
  melimCounter(w, "openlim_melim_stale_values_total",
               "External values that went stale on lim's clock.", host, m.staleValues);
  std::vector<ElimRow> rows;
  bool unparsed = false;
  if (!m.statusJson.empty()) {
    auto parsed = format::parseJson(m.statusJson);
    if (parsed && parsed->isObject())
      rows = parseElims(*parsed);
    else
      unparsed = true;
  }
  w.family("openlim_melim_status_unparsed", "gauge",
           "1 when melim's latest status line could not be read (no elim metrics then).");
  w.sample("openlim_melim_status_unparsed", {{"host", host}}, unparsed ? 1 : 0);
  writeElims(w, host, rows);
}

}  // namespace openlim::master
