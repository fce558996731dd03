#include "resreq/explain.h"

#include <cmath>
#include <cstdio>

#include "openlim/run_queue.h"
#include "resreq/ops.h"

namespace openlim::resreq {
namespace {

bool isRunQueue(const std::string& n) {
  return n == "r15s" || n == "r1m" || n == "r15m";
}

double numberAt(const HostTable& t, int slot, uint32_t row) {
  if (slot < 0 || static_cast<size_t>(slot) >= t.columns.size()) return kNaN;
  const Column& c = t.columns[static_cast<size_t>(slot)];
  return c.type == ResourceType::kNumeric && row < c.numbers.size() ? c.numbers[row] : kNaN;
}

}  // namespace

std::string formatNumber(double v) {
  if (std::isnan(v)) return "-";
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string formatValue(const EvalEnv& env, int slot, uint32_t row) {
  const HostTable& t = *env.table;
  if (!t.config || slot < 0 || static_cast<size_t>(slot) >= t.config->resources.size() ||
      static_cast<size_t>(slot) >= t.columns.size())
    return "-";
  const ResourceDef& d = t.config->resources[static_cast<size_t>(slot)];
  const Column& c = t.columns[static_cast<size_t>(slot)];
  if (c.type == ResourceType::kBoolean)
    return row < c.booleans.size() && c.booleans[row] ? "1" : "0";
  if (c.type == ResourceType::kString) {
    StringId id = row < c.strings.size() ? c.strings[row] : kUnknownString;
    return id < 0 || static_cast<size_t>(id) >= t.strings.size() ? "-" : t.strings.get(id);
  }
  double v = numberAt(t, slot, row);
  if (isRunQueue(d.name) && d.builtinIndex)
    v = normalizedRunQueue(v, numberAt(t, env.ncpusSlot, row), numberAt(t, env.cpufSlot, row),
                           env.maxCpuf);
  std::string s = formatNumber(v);
  return d.memoryLike && s != "-" ? s + "M" : s;
}

std::string programValues(const TermProgram& p, const EvalEnv& env, uint32_t row) {
  const HostTable& t = *env.table;
  std::string out;
  auto add = [&](const std::string& kv) { out += (out.empty() ? "" : " ") + kv; };
  if (p.readsHostName) add("hname=" + t.names[row]);
  if (p.readsStatus) add(std::string("status=") + hostStatusName(t.status[row]));
  for (int slot : p.reads) {
    std::string name = t.config && static_cast<size_t>(slot) < t.config->resources.size()
                           ? t.config->resources[static_cast<size_t>(slot)].name
                           : "?";
    add(name + "=" + formatValue(env, slot, row));
  }
  return out.empty() ? "no resource read" : out;
}

std::string statusReason(const HostTable& t, uint32_t row) {
  std::string s = std::string("status ") + hostStatusName(t.status[row]);
  if (row >= t.busyIndices.size() || !t.config) return s;
  const HostConfig* hc = t.config->findHost(t.names[row]);
  std::string detail;
  for (int idx : t.busyIndices[row]) {
    if (idx < 0 || static_cast<size_t>(idx) >= t.config->resources.size()) continue;
    const ResourceDef& d = t.config->resources[static_cast<size_t>(idx)];
    double v = numberAt(t, idx, row);
    if (isRunQueue(d.name))
      v = effectiveRunQueue(v, numberAt(t, t.config->resourceIndex("ncpus"), row));
    std::string part = d.name + " " + formatNumber(v);
    if (hc) {
      auto th = hc->thresholds.find(d.name);
      if (th != hc->thresholds.end())
        part += (d.direction == Direction::kDecreasing ? " < " : " > ") + formatNumber(th->second);
    }
    detail += (detail.empty() ? "" : ", ") + part;
  }
  return detail.empty() ? s : s + " (" + detail + ")";
}

}  // namespace openlim::resreq

namespace openlim {

std::string termValues(const CompiledRequest& req, const HostTable& table, size_t term,
                       uint32_t row) {
  const CompiledProgram& prog = req.program();
  if (term >= prog.terms.size() || row >= table.size()) return "";
  return resreq::programValues(prog.terms[term], prog.env(table), row);
}

std::string termOutcome(const CompiledRequest& req, const HostTable& table, size_t term,
                        uint32_t row) {
  const CompiledProgram& prog = req.program();
  if (term >= prog.terms.size() || row >= table.size()) return "";
  resreq::Evaluator ev;
  double v = 0;
  ev.run(prog.terms[term], prog.env(table), &row, 1, &v);
  return v == 1 ? "true" : std::isnan(v) ? "unknown" : "false";
}

}  // namespace openlim
