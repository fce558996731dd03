// Supervisor::statusJson: the fd-3 status message (docs/melim.md), one JSON object per line.
#include <cstdio>

#include "core/supervisor.h"
#include "format/json.h"

namespace openlim::melim {
namespace {

// One JSON escaper in the project (format/json.h: control characters as \u00XX).
void appendEscaped(std::string& out, std::string_view s) {
  format::appendJsonQuoted(out, s);
}

void appendSeconds(std::string& out, double s) {
  Merger::appendNumber(out, static_cast<double>(static_cast<long long>(s * 1000)) / 1000);
}

void appendKey(std::string& out, const char* key) {
  out += '"';
  out += key;
  out += "\":";
}

void appendDropped(std::string& out, const Probe& p) {
  appendKey(out, "dropped");
  out += '{';
  bool first = true;
  for (size_t r = 1; r < p.dropped.size(); ++r) {
    if (!p.dropped[r]) continue;
    if (!first) out += ',';
    first = false;
    appendKey(out, dropReasonName(static_cast<DropReason>(r)));
    out += std::to_string(p.dropped[r]);
  }
  out += '}';
}

void appendLastExit(std::string& out, const Probe& p) {
  appendKey(out, "last_exit");
  const Death* d = p.tally.last();
  if (!d) {
    out += "null";
    return;
  }
  out += '{';
  if (d->kind == EndKind::kExited) {
    out += "\"code\":" + std::to_string(d->code);
  } else {
    out += "\"signal\":" + std::to_string(d->code);
  }
  if (d->kind == EndKind::kKilled) {
    out += ",\"cause\":";
    appendEscaped(out, d->cause);
  }
  out += '}';
}

void appendProbe(std::string& out, const Probe& p, double now) {
  out += "{\"name\":";
  appendEscaped(out, p.name);
  out += ",\"state\":\"";
  out += probeStateName(p.state);
  out += "\",\"pid\":" + std::to_string(p.pid);
  out += ",\"starts\":" + std::to_string(p.starts);
  out += ",\"deaths\":" + std::to_string(p.tally.count());
  if (p.state == ProbeState::kBackoff) {
    out += ",\"restart_in\":";
    appendSeconds(out, p.restartAt - now);
  }
  out += ',';
  appendLastExit(out, p);
  out += ",\"last_line_age\":";
  if (p.lastLine < 0) {
    out += "null";
  } else {
    appendSeconds(out, now - p.lastLine);
  }
  out += ",\"accepted\":" + std::to_string(p.accepted) + ',';
  appendDropped(out, p);
  out += ",\"ignored_pairs\":" + std::to_string(p.ignoredPairs);
  out += ",\"conflicts\":" + std::to_string(p.conflicts) + ",\"conflict_names\":[";
  for (size_t i = 0; i < p.conflictNames.size(); ++i) {
    if (i) out += ',';
    appendEscaped(out, p.conflictNames[i]);
  }
  out += "],\"stderr_lines\":" + std::to_string(p.stderrLines);
  if (!p.lastError.empty()) {
    out += ",\"error\":";
    appendEscaped(out, p.lastError);
  }
  out += '}';
}

}  // namespace

std::string Supervisor::statusJson(double now, double wallNow) const {
  std::string out = "{\"type\":\"melim_status\",\"version\":1,\"time\":";
  appendSeconds(out, wallNow);
  out += ",\"elims\":[";
  for (size_t i = 0; i < probes_.size(); ++i) {
    if (i) out += ',';
    appendProbe(out, *probes_[i], now);
  }
  out += "],\"values\":[";
  bool first = true;
  for (int slot = 0; slot < catalog_.size(); ++slot) {
    const Shown& s = merger_.shown(slot);
    const NameSpec& spec = catalog_.spec(slot);
    bool listed = spec.kind == NameKind::kBuiltin ? s.everReported
                                                  : catalog_.reportable(slot) && spec.expected;
    if (!listed) continue;
    if (!first) out += ',';
    first = false;
    out += "{\"name\":";
    appendEscaped(out, spec.name);
    out += ",\"value\":";
    if (!s.known) {
      out += "null}";
      continue;
    }
    std::string v;
    if (spec.kind == NameKind::kString)
      v = s.text;
    else
      Merger::appendNumber(v, s.number);
    appendEscaped(out, v);
    out += ",\"age\":";
    appendSeconds(out, now - s.at);
    out += ",\"elim\":";
    appendEscaped(out, probes_[static_cast<size_t>(s.source)]->name);
    out += '}';
  }
  out += "]}\n";
  return out;
}

}  // namespace openlim::melim
