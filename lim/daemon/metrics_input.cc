// The metrics endpoint's side of the lim (docs/metrics.md): starting it, and the copy of the
// lim's state a scrape is written from, taken on the loop when a scrape waits for a body.
#include <spdlog/spdlog.h>

#include "clock.h"
#include "lim_server.h"
#include "openlim/version.h"

namespace openlim::lim {

// Off when LSF_METRICS_ADDR is unset. A host part left empty means this lim's own address,
// so one lsf.conf serves a cluster whose lims share a machine (tests) or not.
Status LimServer::startMetrics() {
  const LsfParams& p = config_->lsf;
  if (p.metricsPort == 0) return Status::ok();
  metrics_ = std::make_unique<MetricsEndpoint>();
  const std::string host = p.metricsHost.empty() ? address_ : p.metricsHost;
  Status st = metrics_->start(host, p.metricsPort);
  if (!st.isOk()) {
    metrics_.reset();
    return st;
  }
  spdlog::info("lim {} serves metrics on http://{}:{}/metrics", opts_.host, host, metrics_->port());
  return st;
}

master::MetricsInputPtr LimServer::metricsInput() {
  std::shared_ptr<master::MetricsInput> in = node_->metricsInput(shell::clockNow());
  const TransportCounters& k = transport_;
  master::LimMetricCounters& c = in->counters;
  c.authBadMac = k.auth_bad_mac;
  c.authUnsigned = k.auth_unsigned;
  c.malformed += k.malformed;
  c.oversized = k.oversized;
  c.connsEvicted = k.conns_evicted;
  c.repliesBusy = k.replies_busy;
  c.repliesStalled = k.replies_stalled;
  c.sendErrors = k.send_errors;
  const agent::MelimCounters& mc = melim_->counters();
  master::MelimMetrics& m = in->melim;
  m.wanted = !melim_->resources().empty();
  m.running = melim_->running();
  m.state = agent::melimStateName(melim_->state());
  m.starts = mc.starts;
  m.deaths = mc.deaths;
  m.restarts = node_->counters().melim_restarts;
  m.gaveUp = mc.gaveUp;
  m.lines = mc.lines;
  m.badLines = mc.badLines;
  m.staleValues = mc.staleValues;
  m.statusJson = melim_->statusJson();
  in->requests = requestStats_;
  return in;
}

}  // namespace openlim::lim
