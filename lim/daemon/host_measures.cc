#include "host_measures.h"

#include "format/reply_json.h"

namespace openlim::lim {

using format::Json;

agent::ReportInputs HostMeasures::measured(double now) const {
  const auto& info = collector_.staticInfo();
  agent::ReportInputs in;
  in.builtins = collector_.builtins();
  in.statics = {{"ncpus", info.ncpus},   {"ncores", info.ncores}, {"nthreads", info.nthreads},
                {"maxmem", info.maxmem}, {"maxswp", info.maxswp}, {"maxtmp", info.maxtmp},
                {"ndisks", info.ndisks}, {"cpuf", info.cpuFactor}};
  in.type = info.type;
  in.model = info.model;
  for (size_t i = 0; i < kNlbNames.size(); ++i)
    in.nlbNumbers.emplace_back(kNlbNames[i], collector_.nlbValues()[i]);
  in.nlbNumbers.emplace_back("NLB_CLOCK", collector_.nlbFacts().clockPs);
  in.nlbStrings = {{"NLB_HARDWARE", collector_.nlbFacts().hardware},
                   {"NLB_OSNAME", collector_.nlbFacts().osname},
                   {"NLB_RELEASE", collector_.nlbFacts().release},
                   {"NLB_VERSION", collector_.nlbFacts().version}};
  in.external = &melim_.values();
  const agent::MelimLink* melim = &melim_;
  in.ageOf = [melim, now](const std::string& name) { return melim->age(name, now); };
  return in;
}

std::vector<std::pair<std::string, uint64_t>> HostMeasures::shellCounters() const {
  auto items = transport_.items();
  items.emplace_back("collector_ticks", collector_.counters().ticks);
  items.emplace_back("collector_read_errors", collector_.counters().readErrors);
  items.emplace_back("tmp_timeouts", collector_.counters().tmpTimeouts);
  items.emplace_back("tmp_failures", collector_.counters().tmpFailures);
  return items;
}

namespace {

Json count(uint64_t v) {
  return Json::number(static_cast<double>(v));
}

}  // namespace

Json HostMeasures::elimStatus() const {
  const agent::MelimCounters& mc = melim_.counters();
  Json m = Json::object();
  m.add("running", Json::boolean(melim_.running()));
  m.add("pid", Json::number(static_cast<double>(melim_.pid())));
  m.add("resources", format::jstrings(melim_.resources()));
  m.add("master", Json::boolean(melim_.startedAsMaster()));
  m.add("starts", count(mc.starts));
  m.add("deaths", count(mc.deaths));
  m.add("spawn_failures", count(mc.spawnFailures));
  m.add("lines", count(mc.lines));
  m.add("bad_lines", count(mc.badLines));
  m.add("status_lines", count(mc.statusLines));
  m.add("last_exit", Json::number(mc.lastExit));
  m.add("state", Json::string(agent::melimStateName(melim_.state())));
  m.add("gave_up", count(mc.gaveUp));
  m.add("failure_logs", count(mc.failureLogs));
  m.add("stale_values", count(mc.staleValues));
  // melim's own status text, parsed when it is JSON, else passed on as a string.
  Json elims = Json::array();
  if (!melim_.statusJson().empty()) {
    auto parsed = format::parseJson(melim_.statusJson());
    elims = parsed ? std::move(*parsed) : Json::string(melim_.statusJson());
  }
  Json h = Json::object();
  h.add("host", Json::string(self_));
  h.add("melim", std::move(m));
  h.add("elims", std::move(elims));
  return h;
}

}  // namespace openlim::lim
