// libFuzzer target for what a lim node takes from other lims: an admin datagram body (hold,
// unhold with its version, holds with parts and released ids, held acknowledgements,
// gotholds, askholds, lock, reconfig) and a load report, both as master and as a keeper, in both
// RESERVATION_CONSISTENCY modes. Any input is taken or counted malformed; never a crash.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "config/builtins.h"
#include "node/lim_node.h"

using namespace openlim;

namespace {

class Host : public node::HostPort {
 public:
  agent::ReportInputs measured(double) const override { return {}; }
  format::Json elimStatus() const override { return format::Json::object(); }
  std::vector<std::string> melimResources() const override { return {}; }
  std::vector<std::pair<std::string, uint64_t>> shellCounters() const override { return {}; }
};

class Files : public node::ConfigPort {
 public:
  explicit Files(ConfigPtr c) : c_(std::move(c)) {}
  ConfigLoad reload() override { return {c_, {}}; }
  node::QuotaFile quotas(const ConfigSnapshot&) override { return {}; }

 private:
  ConfigPtr c_;
};

ConfigPtr clusterOf(ReservationConsistency mode) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->clusterName = "fuzz";
  c->resources = config::builtinResources();
  c->models.push_back({.name = "Generic", .cpuFactor = 100, .architecture = "x86_64"});
  c->hostTypes = {"LINUX86"};
  for (const char* h : {"hostA", "hostB"}) {
    c->hosts.push_back({.name = h, .model = "Generic", .type = "LINUX86"});
    c->masterList.push_back(h);
  }
  c->params.reservationConsistency = mode;
  c->buildIndexes();
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string body(reinterpret_cast<const char*>(data), size);
  for (auto mode : {ReservationConsistency::kQuorum, ReservationConsistency::kAvailable}) {
    Host host;
    Files files(clusterOf(mode));
    for (const char* self : {"hostA", "hostB"}) {  // hostA is master once it has ticked
      node::Now now;
      now.mono = 100;
      now.wall = 1.8e9;
      node::LimNode n(self, clusterOf(mode), host, files, now);
      (void)n.start({}, now);
      now.mono = 200;
      (void)n.onTick(now);
      uint64_t seq = 1;
      for (auto kind : {protocol::Kind::kAdmin, protocol::Kind::kLoadReport}) {
        protocol::Frame f{.kind = kind, .isSigned = true, .epoch = 1, .seq = ++seq, .body = body};
        (void)n.onDatagram(f, now);
      }
    }
  }
  return 0;
}
