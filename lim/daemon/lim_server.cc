#include "lim_server.h"

#include <Poco/Exception.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>

#include "clock.h"
#include "format/json.h"
#include "format/text.h"
#include "hmac.h"
#include "node/loop_wait.h"
#include "request_client.h"
#include "reserve/paths.h"
#include "system_resolver.h"

namespace openlim::lim {

LimServer::LimServer(ConfigPtr config, std::string key, LimOptions opts)
    : config_(std::move(config)),
      opts_(std::move(opts)),
      mac_(shell::makeMacFn(key)),
      // The boot epoch only has to grow across restarts of this lim; receivers never compare
      // it with their own clock.
      epoch_(shell::wallMicros()),
      port_(config_->lsf.limPort),
      conns_(&mac_, transport_,
             [this](uint64_t id, const protocol::Frame& f, bool local, const std::string& user) {
               onRequest(id, f, local, user);
             }) {
  agent::CollectorOptions co;
  if (const char* t = std::getenv("OPENLIM_TMP_PATH")) co.tmpPath = t;
  collector_ = std::make_unique<agent::LoadCollector>(opts_.procRoot, *config_, opts_.host, co);
  agent::MelimOptions mo;
  mo.serverDir = config_->lsf.serverDir;
  mo.envDir = opts_.envDir;
  mo.hostName = opts_.host;
  mo.elimDir = config_->lsf.elimDir;
  mo.logDir = config_->lsf.logDir;
  mo.params = config_->params;
  melim_ = std::make_unique<agent::MelimLink>(mo);
  // Names the hosts file does not give are resolved here, once, before the loop runs.
  PeerAddresses::Resolver resolve = [this](const std::string& name) {
    ++transport_.resolver_calls;
    return shell::resolveWithSystem(name);
  };
  peers_.rebuild(*config_, port_, &resolve, nullptr);
  peersConfig_ = config_;
  if (peers_.unresolved() > 0)
    spdlog::warn("{} config host(s) have no address (hosts file, numeric, resolver)",
                 peers_.unresolved());
  measures_ = std::make_unique<HostMeasures>(opts_.host, *collector_, *melim_, transport_);
  files_ = std::make_unique<ConfigFiles>(
      opts_.envDir, [this](const std::string& name) { return peers_.find(name) != nullptr; });
  node_ =
      std::make_unique<node::LimNode>(opts_.host, config_, *measures_, *files_, shell::clockNow());
}

LimServer::~LimServer() {
  if (signalFd_ >= 0) ::close(signalFd_);
  if (localFd_ >= 0) ::close(localFd_);
}

const PeerAddresses& LimServer::peers() {
  if (peersConfig_.lock() != config_) {  // a reconfig swapped the config: no resolver now
    peers_.rebuild(*config_, port_, nullptr, &peers_);
    peersConfig_ = config_;
    if (peers_.unresolved() > 0)
      spdlog::warn(
          "reconfig: {} host(s) without a hosts-file address stay unreachable until "
          "lim restarts (names are resolved only at start-up)",
          peers_.unresolved());
  }
  return peers_;
}

namespace {

// What holds address:port, for a lim that cannot bind it: asked once, at start-up (before the
// loop, so the short wait blocks nothing). A lim answers `id` with its host and cluster (the
// hosts file may give one address to two hosts); anything else is named as such.
std::string holderOf(const std::string& address, uint16_t port) {
  auto reply = shell::requestJson(address, port, R"({"op":"id"})", nullptr, {1, 2});
  if (reply) {
    auto id = format::parseJson(*reply);
    if (id && id->isObject() && !id->stringOr("host").empty())
      return "the lim of host <" + format::clipEcho(id->stringOr("host")) + "> (cluster " +
             format::clipEcho(id->stringOr("cluster")) + ") is running there";
  }
  return "another program holds it (no lim answers there)";
}

}  // namespace

Status LimServer::bind() {
  auto addr = peers().ip(opts_.host);
  if (!addr) return Status(Code::kNotFound, "cannot resolve address of " + opts_.host);
  address_ = *addr;
  conns_.raiseLimits();
  try {
    Poco::Net::SocketAddress sa(address_, port_);
    // No SO_REUSEPORT (and none of SO_REUSEADDR on UDP, where Linux lets it share a port):
    // a second lim for the same host must fail here, not split queries and reports with
    // the first. SO_REUSEADDR on TCP only lets a restart bind past TIME_WAIT connections.
    tcp_.bind(sa, true, false);
    udp_.bind(sa, false, false);
    udp_.setBlocking(false);
    // A burst of reports from many hosts must wait in the kernel, not be dropped there.
    // SO_RCVBUFFORCE passes net.core.rmem_max when lim has CAP_NET_ADMIN (runs as root).
    int want = 16 << 20;
    if (::setsockopt(udp_.impl()->sockfd(), SOL_SOCKET, SO_RCVBUFFORCE, &want, sizeof want) != 0)
      udp_.setReceiveBufferSize(want);
    // A deep accept queue: connections that have sent nothing yet wait there (see below)
    // and must not crowd out the ones with a request. The kernel caps it at somaxconn.
    tcp_.listen(4096);
    tcp_.setBlocking(false);
    // Wake for a connection once its request has arrived. A client that connects and sends
    // nothing is accepted when this runs out and then timed out as before.
    int deferSeconds = 2;
    ::setsockopt(tcp_.impl()->sockfd(), IPPROTO_TCP, TCP_DEFER_ACCEPT, &deferSeconds,
                 sizeof deferSeconds);
  } catch (const Poco::Net::NetException& e) {
    std::string why = e.displayText();
    // POCO (1.11, Debian 12) throws NetException carrying the errno as its code, for the TCP
    // and the UDP bind alike: the code decides, never the text.
    if (e.code() == EADDRINUSE) why = "address already in use: " + holderOf(address_, port_);
    return Status(Code::kUnavailable, address_ + ":" + std::to_string(port_) + ": " + why);
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable,
                  address_ + ":" + std::to_string(port_) + ": " + e.displayText());
  }
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGHUP, SIGTERM, SIGINT}) sigaddset(&set, s);
  signalFd_ = ::signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
  spdlog::info("lim {} listening on {}:{} (udp+tcp)", opts_.host, address_, port_);
  // Only now, with the port ours (no other lim plays this host): its state and socket.
  StateStore::Loaded files =
      store_.load(reserve::stateDir(config_->lsf), opts_.host, config_->clusterName);
  apply(node_->start(files, shell::clockNow()));
  if (reserve::wantsFreshSnapshot(files)) {  // start from one snapshot, naming this cluster
    Status st = store_.compact(node_->heldList(), node_->heldReleased(), node_->voterTerm());
    ++transport_.state_writes;
    ++transport_.state_compactions;
    if (!st) spdlog::error("reservations: {}", st.message());
  }
  if (Status st = bindLocal(); !st)
    spdlog::error("reservations: no local socket ({}); lsreserve cannot reach this lim",
                  st.message());
  return Status::ok();
}

int LimServer::run() {
  // The endpoint is an extra: a lim that cannot bind it still does its work.
  if (Status st = startMetrics(); !st.isOk())
    spdlog::error("{}; lim runs without its metrics endpoint", st.message());
  node_->setStartedAt(shell::monotonicSeconds());
  while (running_) turn();
  melim_->stopAndWait();
  spdlog::info("lim {} stopped", opts_.host);
  return 0;
}

void LimServer::registerSources(double now) {
  poller_.add(udp_.impl()->sockfd(), POLLIN, [this](short) { onDatagrams(); });
  poller_.add(signalFd_, POLLIN, [this](short) { onSignals(); });
  conns_.registerWith(poller_, tcp_.impl()->sockfd(), localFd_, now);
  subs_.registerWith(poller_);
  for (int fd : melim_->fds())
    poller_.add(fd, POLLIN, [this, fd](short) {
      const double t = shell::monotonicSeconds();
      if (melim_->onReadable(fd, t)) node_->onExternalValues(t);
    });
  if (metrics_) metrics_->registerWith(poller_, now);  // its listener and connections
}

void LimServer::turn() {
  double now = shell::monotonicSeconds();
  registerSources(now);
  const double nodeWake = node::wakeWithSample(node_->nextDeadline(), collector_->nextDeadline(),
                                               agent::LoadCollector::kShareWait);
  double next = std::min({nodeWake, collector_->wakeAt(), melim_->nextDeadline(),
                          conns_.nextDeadline(), subs_.nextDeadline()});
  if (metrics_) next = std::min(next, metrics_->nextDeadline());
  // Asleep until the next real deadline: an idle lim has no beat of its own.
  const node::LoopWait w{.next = next,
                         .maxGap = node_->maxTickGap(),
                         .paced = node_->announcing(),
                         // a scrape body to write on
                         .urgent = metrics_ && metrics_->nextDeadline() < now};
  poller_.wait(node::pollTimeoutMs(now, w));
  node::Now t = shell::clockNow();
  conns_.expire(t.mono);
  if (t.mono >= collector_->nextDeadline()) {
    collector_->tick(t.mono);
    node_->onSample(collector_->builtins());
  }
  melim_->configure(*node_->config());  // stale limits and knobs; cheap when the same
  if (melim_->onTimer(t.mono)) node_->onExternalValues(t.mono);  // a value went stale, or died
  apply(node_->onTick(t));
  // Answers of other lims (and sub-requests that could not start), a bounded few rounds: an
  // answer may start the next forward.
  for (int round = 0; round < 4 && subs_.nextDeadline() <= t.mono; ++round)
    subs_.drain(t.mono, [this](uint64_t id, const Result<std::string>& reply) {
      apply(node_->onSubReply(id, reply, shell::clockNow()));
    });
  commitTurn();
  conns_.sweep();  // the replies of this turn are out: their connections close now
  // Last: a scrape's copy then shows this turn's state, and its slice never delays the turn.
  if (metrics_) metrics_->onTurn(shell::monotonicSeconds(), [this] { return metricsInput(); });
}

void LimServer::onSignals() {
  signalfd_siginfo si;
  while (::read(signalFd_, &si, sizeof si) == sizeof si) {
    if (si.ssi_signo == SIGHUP) {
      apply(node_->onReconfigSignal(shell::clockNow()));
    } else {
      spdlog::info("signal {}: stopping", si.ssi_signo);
      running_ = false;
    }
  }
}

void LimServer::onDatagrams() {
  static thread_local std::string buf(65536, '\0');
  // A bounded share per turn (~0.5 ms at 100,000 hosts): a burst of reports waits in the
  // socket's 16 MiB buffer, not in front of the queries polled in the same turn.
  constexpr int kDatagramsPerTurn = 128;
  for (int i = 0; i < kDatagramsPerTurn; ++i) {
    int n;
    try {
      Poco::Net::SocketAddress from;
      n = udp_.receiveFrom(buf.data(), static_cast<int>(buf.size()), from);
    } catch (const Poco::Exception&) {
      return;
    }
    if (n < 0) return;
    protocol::Decoded d = protocol::decodeFrame(
        std::string_view(buf.data(), static_cast<size_t>(n)), protocol::kMaxUdpBody, &mac_, true);
    switch (d.error) {
      case protocol::DecodeError::kNone:
        apply(node_->onDatagram(d.frame, shell::clockNow()));
        break;
      case protocol::DecodeError::kMalformed:
        ++transport_.malformed;
        break;
      case protocol::DecodeError::kOversized:
        ++transport_.oversized;
        break;
      case protocol::DecodeError::kBadMac:
        ++transport_.auth_bad_mac;
        break;
      case protocol::DecodeError::kUnsigned:
        ++transport_.auth_unsigned;
        break;
    }
  }
}

void LimServer::onRequest(uint64_t conn, const protocol::Frame& f, bool local,
                          const std::string& user) {
  const node::Now t = shell::clockNow();
  node::Effects fx = node_->onRequest({conn, f, local, user}, t);
  if (fx.handled)
    requestStats_.record(fx.handled->op, shell::monotonicSeconds() - t.mono, fx.handled->ok);
  apply(std::move(fx));
}

void LimServer::apply(node::Effects fx) {
  for (const node::LogLine& l : fx.log) {
    if (l.level == node::LogLevel::kError)
      spdlog::error("{}", l.text);
    else if (l.level == node::LogLevel::kWarn)
      spdlog::warn("{}", l.text);
    else
      spdlog::info("{}", l.text);
  }
  if (fx.adopted) {
    config_ = fx.adopted;
    collector_->reconfigure(*config_);
  }
  for (const auto& d : fx.datagrams) sendDatagram(d);
  // A failed start counts as a death in the link: logged there and retried under the throttle.
  if (fx.melim) (void)melim_->restart(fx.melim->resources, fx.melim->master);
  if (fx.melimRescan) melim_->reconfigure();
  for (const auto& rec : fx.journal) store_.append(rec);
  for (const auto& s : fx.subRequests) startSubRequest(s);
  for (auto& r : fx.replies) replies_.push_back(std::move(r));
  for (auto& d : fx.committedDatagrams) committed_.push_back(std::move(d));
  if (fx.stop) running_ = false;
  if (fx.restart) restart_ = true;
}

void LimServer::sendDatagram(const node::Datagram& d) {
  const Poco::Net::SocketAddress* addr = peers().find(d.to);
  if (!addr) {
    ++transport_.send_errors;
    return;
  }
  protocol::Frame f{
      .kind = d.kind, .isSigned = true, .epoch = epoch_, .seq = ++seq_, .body = d.body};
  std::string bytes = protocol::encodeFrame(f, &mac_);
  try {
    udp_.sendTo(bytes.data(), static_cast<int>(bytes.size()), *addr);
  } catch (const Poco::Exception&) {
    ++transport_.send_errors;
  }
}

void LimServer::startSubRequest(const node::SubRequest& s) {
  auto ip = peers().ip(s.host);
  protocol::Frame f{.kind = protocol::Kind::kRequest, .body = s.body};
  if (s.sign) {  // a forwarded reservation request: the master checks its sequence
    f.isSigned = true;
    f.epoch = epoch_;
    f.seq = ++seq_;
  }
  subs_.start(s.id, ip.value_or(""), port_, protocol::encodeFrame(f, s.sign ? &mac_ : nullptr),
              s.deadline);
}

// Group commit: the journal records of one turn go out in one write and fdatasync, and only
// then the replies of the turn (a reply never promises what a crash could still lose).
void LimServer::commitTurn() {
  if (store_.pending()) {
    Status st = store_.commit();
    ++transport_.state_writes;
    if (!st) {
      ++transport_.state_write_errors;
      spdlog::error("reservations: {}", st.message());
    }
    if (store_.wantsCompaction()) {
      st = store_.compact(node_->heldList(), node_->heldReleased(), node_->voterTerm());
      ++transport_.state_writes;
      ++transport_.state_compactions;
      if (!st) {
        ++transport_.state_write_errors;
        spdlog::error("reservations: {}", st.message());
      }
    }
  }
  const double now = shell::monotonicSeconds();
  for (auto& r : replies_) conns_.reply(r.conn, std::move(r.body), now);
  replies_.clear();
  for (const auto& d : committed_) sendDatagram(d);
  committed_.clear();
}

}  // namespace openlim::lim
