// The status and elimstatus ops: this lim's counters, melim's and the collector's.
#include <Poco/JSON/Parser.h>
#include <strings.h>

#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {

using Poco::JSON::Object;

std::string LimServer::statusReply() const {
  Object::Ptr c = new Object;
  const LimCounters& k = counters_;
  const std::pair<const char*, uint64_t> items[] = {
      {"auth_bad_mac", k.auth_bad_mac},
      {"auth_replay", k.auth_replay},
      {"auth_unsigned", k.auth_unsigned},
      {"oversized", k.oversized},
      {"malformed", k.malformed},
      {"reports_sent", k.reports_sent},
      {"report_parts_sent", k.report_parts_sent},
      {"reports_ingested", k.reports_ingested},
      {"announces_sent", k.announces_sent},
      {"probes_sent", k.probes_sent},
      {"queries", k.queries},
      {"admin_requests", k.admin_requests},
      {"admin_denied", k.admin_denied},
      {"reconfigs", k.reconfigs},
      {"reconfigs_refused", k.reconfigs_refused},
      {"melim_restarts", k.melim_restarts},
      {"unknown_sender", k.unknown_sender},
      {"send_errors", k.send_errors},
      {"unknown_names", table_->counters().unknownNames},
      {"collector_ticks", collector_->counters().ticks},
      {"collector_read_errors", collector_->counters().readErrors},
      {"tmp_timeouts", collector_->counters().tmpTimeouts},
      {"tmp_failures", collector_->counters().tmpFailures}};
  for (const auto& [name, v] : items) c->set(name, v);
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("host", opts_.host);
  o->set("master", election_->master());
  o->set("is_master", election_->isMaster());
  o->set("locked", locked_);
  o->set("checksum", config_->checksum);
  o->set("serves", jstrings(serves_));
  o->set("melim_resources", jstrings(melim_->resources()));
  o->set("drift",
         jstrings(election_->isMaster() ? table_->driftHosts() : std::vector<std::string>()));
  o->set("counters", c);
  return jsonText(o);
}

std::string LimServer::elimStatusReply(const std::string& host) const {
  if (!host.empty() && strcasecmp(host.c_str(), opts_.host.c_str()) != 0) {
    Object::Ptr o = new Object;
    o->set("ok", false);
    o->set("redirect", host);
    return jsonText(o);
  }
  const agent::MelimCounters& mc = melim_->counters();
  Object::Ptr m = new Object;
  m->set("running", melim_->running());
  m->set("pid", static_cast<int>(melim_->pid()));
  m->set("resources", jstrings(melim_->resources()));
  m->set("starts", mc.starts);
  m->set("deaths", mc.deaths);
  m->set("spawn_failures", mc.spawnFailures);
  m->set("lines", mc.lines);
  m->set("bad_lines", mc.badLines);
  m->set("status_lines", mc.statusLines);
  m->set("last_exit", mc.lastExit);
  Poco::Dynamic::Var elims = Poco::JSON::Array::Ptr(new Poco::JSON::Array);
  if (!melim_->statusJson().empty()) {
    try {
      elims = Poco::JSON::Parser().parse(melim_->statusJson());
    } catch (const std::exception&) {
      elims = melim_->statusJson();
    }
  }
  Object::Ptr h = new Object;
  h->set("host", opts_.host);
  h->set("melim", m);
  h->set("elims", elims);
  Poco::JSON::Array::Ptr hosts = new Poco::JSON::Array;
  hosts->add(h);
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("hosts", hosts);
  return jsonText(o);
}

}  // namespace openlim::lim
