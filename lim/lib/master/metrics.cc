// The metrics writer: the lim's own part (identity, liveness, counters, requests). The
// cluster's hosts are in metrics_hosts.cc, melim and its elims in metrics_elims.cc.
#include "master/metrics.h"

#include <cstdint>
#include <string_view>

#include "format/prom_text.h"
#include "master/metrics_cursor.h"
#include "master/metrics_parts.h"

namespace openlim::master {
namespace {

using format::PromWriter;

void counter(PromWriter& w, std::string_view name, std::string_view help, uint64_t v) {
  w.single(name, "counter", help, static_cast<double>(v));
}

void writeIdentity(PromWriter& w, const MetricsInput& in, double loopAge) {
  w.family("openlim_info", "gauge", "This lim: its cluster, host, the master it knows, version.");
  w.sample(
      "openlim_info",
      {{"cluster", in.cluster}, {"host", in.host}, {"master", in.master}, {"version", in.version}},
      1);
  w.family("openlim_is_master", "gauge", "1 when this lim plays the master, else 0.");
  w.sample("openlim_is_master", in.isMaster ? 1 : 0);
  w.family("openlim_loop_last_turn_age_seconds", "gauge",
           "Seconds since the lim's event loop last turned (self-liveness).");
  w.sample("openlim_loop_last_turn_age_seconds", loopAge);
  w.family("openlim_uptime_seconds", "gauge", "Seconds since this lim started.");
  w.sample("openlim_uptime_seconds", in.startedAgo);
}

void writeCounters(PromWriter& w, const LimMetricCounters& c) {
  counter(w, "openlim_reports_received_total", "Load reports taken into the master's table.",
          c.reportsReceived);
  counter(w, "openlim_reports_sent_total", "Load reports this lim sent to the master.",
          c.reportsSent);
  counter(w, "openlim_reports_unknown_host_total",
          "Load reports from hosts not in the cluster file (ignored).", c.unknownSender);
  w.family("openlim_auth_failures_total", "counter",
           "Datagrams refused for their signature, by reason.");
  w.sample("openlim_auth_failures_total", {{"reason", "bad_mac"}},
           static_cast<double>(c.authBadMac));
  w.sample("openlim_auth_failures_total", {{"reason", "unsigned"}},
           static_cast<double>(c.authUnsigned));
  counter(w, "openlim_replays_total", "Signed messages refused as replays.", c.replays);
  w.family("openlim_frames_dropped_total", "counter",
           "Datagrams and requests dropped before use, by reason.");
  w.sample("openlim_frames_dropped_total", {{"reason", "malformed"}},
           static_cast<double>(c.malformed));
  w.sample("openlim_frames_dropped_total", {{"reason", "oversized"}},
           static_cast<double>(c.oversized));
  counter(w, "openlim_admin_denied_total", "Admin requests refused (unsigned or replayed).",
          c.adminDenied);
  counter(w, "openlim_reconfigs_total", "Configurations adopted by reconfig.", c.reconfigs);
  counter(w, "openlim_reconfigs_refused_total", "Reconfigs refused for configuration errors.",
          c.reconfigsRefused);
  counter(w, "openlim_connections_evicted_total",
          "Idle client connections closed to make room for new ones.", c.connsEvicted);
  counter(w, "openlim_replies_busy_total", "Requests answered busy for want of reply memory.",
          c.repliesBusy);
  counter(w, "openlim_replies_stalled_total",
          "Replies dropped because their client stopped reading.", c.repliesStalled);
  counter(w, "openlim_send_errors_total", "Datagrams that could not be sent.", c.sendErrors);
}

void writeRequests(std::string& out, const RequestStats& s) {
  PromWriter w(out);
  w.family("openlim_requests_total", "counter", "Requests served by this lim, by operation.");
  for (size_t op = 0; op < kRequestOps.size(); ++op)
    w.sample("openlim_requests_total", {{"op", kRequestOps[op]}},
             static_cast<double>(s.latency(op).count));
  w.family("openlim_request_errors_total", "counter",
           "Requests answered with an error reply, by operation.");
  for (size_t op = 0; op < kRequestOps.size(); ++op)
    w.sample("openlim_request_errors_total", {{"op", kRequestOps[op]}},
             static_cast<double>(s.errors(op)));
  constexpr std::string_view kName = "openlim_request_duration_seconds";
  w.family(kName, "histogram", "Time the lim's loop spent answering a request, by operation.");
  for (size_t op = 0; op < kRequestOps.size(); ++op) {
    const LatencyHistogram& h = s.latency(op);
    uint64_t cumulative = 0;
    std::string le;
    for (size_t b = 0; b <= kLatencyBounds.size(); ++b) {
      cumulative += h.buckets[b];
      le.clear();
      if (b < kLatencyBounds.size())
        format::appendPromValue(le, kLatencyBounds[b]);
      else
        le = "+Inf";
      w.sample("openlim_request_duration_seconds_bucket", {{"op", kRequestOps[op]}, {"le", le}},
               static_cast<double>(cumulative));
    }
    w.sample("openlim_request_duration_seconds_sum", {{"op", kRequestOps[op]}}, h.sum);
    w.sample("openlim_request_duration_seconds_count", {{"op", kRequestOps[op]}},
             static_cast<double>(h.count));
  }
}

}  // namespace

void writeLimPart(std::string& out, const MetricsInput& in, double loopAge) {
  PromWriter w(out);
  writeIdentity(w, in, loopAge);
  writeCounters(w, in.counters);
  writeRequests(out, in.requests);
  writeMelim(out, in.host, in.melim);
}

std::string writeMetrics(const MetricsInput& in, double loopAge) {
  std::string out;
  if (in.table) out.reserve(in.table->size() * in.table->columns.size() * 48 + 65536);
  MetricsCursor cursor(in, loopAge);
  cursor.writeSome(out, SIZE_MAX);
  return out;
}

}  // namespace openlim::master
