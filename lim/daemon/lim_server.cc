#include "lim_server.h"

#include <Poco/Exception.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "format/json.h"
#include "format/text.h"
#include "hmac.h"
#include "request_client.h"
#include "system_resolver.h"

namespace openlim::lim {

double monotonicNow() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

namespace {

// Lifts the soft descriptor limit to the hard one (each client connection is a descriptor)
// and sizes the connection table to it.
void raiseFdLimit(protocol::ConnLimits* limits) {
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) != 0) return;
  if (rl.rlim_cur < rl.rlim_max) {
    rlimit want = rl;
    want.rlim_cur = rl.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &want) == 0) rl = want;
  }
  limits->maxConnections = protocol::connectionsFor(rl.rlim_cur);
}

}  // namespace

LimServer::LimServer(ConfigPtr config, std::string key, LimOptions opts)
    : config_(std::move(config)),
      key_(std::move(key)),
      opts_(std::move(opts)),
      reservations_(opts_.host) {
  mac_ = shell::makeMacFn(key_);
  // The boot epoch only has to grow across restarts of this lim; receivers never compare
  // it with their own clock.
  epoch_ = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count());
  port_ = config_->lsf.limPort;
  double now = monotonicNow();
  startedAt_ = now;
  master_ = std::make_unique<master::MasterRole>(opts_.host, config_, now);
  election_ = &master_->election();
  table_ = std::make_unique<master::LoadTable>(config_);
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
  agent_ = std::make_unique<agent::AgentRole>(agentSettings(), now);
  // Names the hosts file does not give are resolved here, once, before the loop runs.
  PeerAddresses::Resolver resolve = [this](const std::string& name) {
    ++counters_.resolver_calls;
    return shell::resolveWithSystem(name);
  };
  peers_.rebuild(*config_, port_, &resolve, nullptr);
  peersConfig_ = config_;
  if (peers_.unresolved() > 0)
    spdlog::warn("{} config host(s) have no address (hosts file, numeric, resolver)",
                 peers_.unresolved());
  reloadQuotas(nullptr);  // before the loop runs
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
  auto addr = addressOf(opts_.host);
  if (!addr) return Status(Code::kNotFound, "cannot resolve address of " + opts_.host);
  address_ = *addr;
  raiseFdLimit(&connLimits_);
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
    // Wake for a connection once its request has arrived (see onTcpAccept). A client that
    // connects and sends nothing is accepted when this runs out and then timed out as before.
    int deferSeconds = 2;
    ::setsockopt(tcp_.impl()->sockfd(), IPPROTO_TCP, TCP_DEFER_ACCEPT, &deferSeconds,
                 sizeof deferSeconds);
  } catch (const Poco::Net::NetException& e) {
    std::string why = e.displayText();
    if (e.code() == EADDRINUSE || why.find("in use") != std::string::npos)
      why = "address already in use: " + holderOf(address_, port_);
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
  loadHeldState(wallNow());
  if (Status st = bindLocal(); !st)
    spdlog::error("reservations: no local socket ({}); lsreserve cannot reach this lim",
                  st.message());
  return Status::ok();
}

double LimServer::nextDeadline() const {
  double next = std::min(master_->nextDeadline(), agent_->nextDeadline());
  next = std::min(next, collector_->nextDeadline());
  next = std::min(next, melim_->nextDeadline());
  for (const auto& c : conns_) next = std::min(next, c->deadline);
  for (const auto& [id, g] : gathers_) next = std::min(next, g.gather.deadline());
  for (const auto& s : subs_) next = std::min(next, s.req->deadline());
  if (acceptPausedUntil_ > 0) next = std::min(next, acceptPausedUntil_);
  next = std::min(next, reservations_.rebuildWindow().nextDeadline());
  if (metrics_) next = std::min(next, metrics_->nextDeadline());
  return next;
}

int LimServer::run() {
  // Started here, not in bind(): main detaches (forks) between the two. The endpoint is an
  // extra: a lim that cannot bind it still does its work.
  if (Status st = startMetrics(); !st.isOk())
    spdlog::error("{}; lim runs without its metrics endpoint", st.message());
  while (running_) loopOnce();
  melim_->stopAndWait();
  spdlog::info("lim {} stopped", opts_.host);
  return 0;
}

void LimServer::loopOnce() {
  std::vector<pollfd> fds;
  fds.push_back({udp_.impl()->sockfd(), POLLIN, 0});
  // With the connection table full of answering connections, new ones wait in the queue.
  const bool paused = monotonicNow() < acceptPausedUntil_;
  fds.push_back({tcp_.impl()->sockfd(), static_cast<short>(paused ? 0 : POLLIN), 0});
  fds.push_back({signalFd_, POLLIN, 0});
  fds.push_back({localFd_, static_cast<short>(paused ? 0 : POLLIN), 0});  // -1: ignored
  constexpr size_t kMelimBase = 4;
  for (int fd : melim_->fds()) fds.push_back({fd, POLLIN, 0});
  const size_t connBase = fds.size();
  for (const auto& c : conns_) {
    short ev = c->phase == Conn::Phase::kReading   ? POLLIN
               : c->phase == Conn::Phase::kWriting ? POLLOUT
                                                   : 0;  // waiting: only hang-ups
    fds.push_back({c->sock.impl()->sockfd(), ev, 0});
  }
  const size_t subBase = fds.size();
  for (const auto& s : subs_) fds.push_back({s.req->fd(), s.req->events(), 0});
  double now = monotonicNow();
  double wait = std::clamp(nextDeadline() - now, 0.0, 1.0);
  // +1 ms: a deadline just missed never spins the loop; an announce round keeps its pace.
  int timeoutMs =
      announcing() ? static_cast<int>(std::ceil(wait * 1000)) : static_cast<int>(wait * 1000) + 1;
  if (metrics_ && metrics_->nextDeadline() < now) timeoutMs = 0;  // a scrape body to write on
  // The sources above keep their slots in `fds` (the poller fills in their revents); the
  // metrics endpoint registers its own sockets and handlers.
  shell::Poller poller;
  for (pollfd& p : fds) poller.add(p.fd, p.events, [&p](short revents) { p.revents = revents; });
  if (metrics_) metrics_->registerWith(poller, now);
  int n = poller.wait(timeoutMs);
  now = monotonicNow();
  if (n > 0) {
    if (fds[0].revents) onUdpReadable(now);
    if (fds[1].revents) onTcpAccept(now);
    if (fds[2].revents) onSignal();
    if (fds[3].revents) onLocalAccept(now);
    for (size_t i = kMelimBase; i < connBase; ++i)
      if (fds[i].revents && melim_->onReadable(fds[i].fd, now)) agent_->onExternalValues(now);
    // Handlers may append connections and gathers; the indices below cover the polled ones.
    for (size_t i = connBase; i < subBase; ++i) {
      if (!fds[i].revents) continue;
      Conn& c = *conns_[i - connBase];
      if (c.phase == Conn::Phase::kReading)
        onConnReadable(c, now);
      else if (c.phase == Conn::Phase::kWriting)
        onConnWritable(c, now);
      else if (fds[i].revents & (POLLHUP | POLLERR))
        closeConn(c);  // gave up waiting for its elimstatus: the gather's answer is dropped
    }
    onSubRequestsReady(fds, subBase, now);
  }
  expireGathers(now);
  for (auto& c : conns_)
    if (c->deadline <= now && c->phase != Conn::Phase::kClosed) {
      if (c->phase == Conn::Phase::kWriting) ++counters_.replies_stalled;
      closeConn(*c);
    }
  if (std::erase_if(conns_, [&](const auto& c) { return c->deadline <= now; }) > 0)
    acceptPausedUntil_ = 0;  // room again
  onTimers(monotonicNow());
  flushHeldState(monotonicNow());
  if (metrics_) metrics_->onTurn(monotonicNow(), [this] { return metricsInput(monotonicNow()); });
}

void LimServer::onSignal() {
  signalfd_siginfo si;
  while (::read(signalFd_, &si, sizeof si) == sizeof si) {
    if (si.ssi_signo == SIGHUP) {
      std::vector<std::string> diags;
      QuotaReload quotas;
      Status st = reloadConfig(&diags, &quotas);
      if (st.isOk() && quotas.outcome == QuotaReload::Outcome::kRefused) {
        spdlog::error("SIGHUP: reconfig done, but {} was not adopted ({} error(s))", quotas.file,
                      quotas.errors);
        continue;
      }
      if (st.isOk()) {
        spdlog::info("SIGHUP: reconfig done");
        continue;
      }
      // Refused: the admin needs every file:line to fix it, not just the count.
      spdlog::error("SIGHUP: reconfig refused: {}", st.message());
      for (const auto& d : diags) spdlog::error("SIGHUP: reconfig: {}", d);
    } else {
      spdlog::info("signal {}: stopping", si.ssi_signo);
      running_ = false;
    }
  }
}

void LimServer::onUdpReadable(double now) {
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
        dispatchUdp(d.frame, now);
        break;
      case protocol::DecodeError::kMalformed:
        ++counters_.malformed;
        break;
      case protocol::DecodeError::kOversized:
        ++counters_.oversized;
        break;
      case protocol::DecodeError::kBadMac:
        ++counters_.auth_bad_mac;
        break;
      case protocol::DecodeError::kUnsigned:
        ++counters_.auth_unsigned;
        break;
    }
  }
}

bool LimServer::fresh(const std::string& sender, const protocol::Frame& f) {
  if (replay_.checkAndAccept(sender, f.epoch, f.seq)) return true;
  ++counters_.auth_replay;
  return false;
}

void LimServer::dispatchUdp(const protocol::Frame& f, double now) {
  switch (f.kind) {
    case protocol::Kind::kLoadReport:
      onReport(f, now);
      break;
    case protocol::Kind::kMasterAnnounce:
    case protocol::Kind::kMasterProbe:
    case protocol::Kind::kProbeReply:
      onAnnounce(f, now);
      break;
    case protocol::Kind::kAdmin:
      onAdminFrame(f, now);
      break;
    default:
      ++counters_.malformed;
      break;
  }
}

void LimServer::onReport(const protocol::Frame& f, double now) {
  auto r = protocol::decodeLoadReport(f.body);
  if (!r) {
    ++counters_.malformed;
    return;
  }
  if (!fresh(r->host, f)) return;
  // A host that answers must report its holds before a rebuilding master admits anything.
  if (election_->isMaster() && reservations_.rebuilding(now) && config_->findHost(r->host))
    reservations_.rebuildWindow().heard(r->host, now);
  applyMaster(master_->onReport(*r, *table_, now));
}

void LimServer::onAnnounce(const protocol::Frame& f, double now) {
  auto a = protocol::decodeAnnounce(f.body);
  if (!a) {
    ++counters_.malformed;
    return;
  }
  if (!fresh(a->sender, f)) return;
  master::MasterActions replies = master_->onAnnounce(f.kind, *a, now);
  agent_->onAnnounce(*a, election_->master());
  applyMaster(replies);
  onTimers(now);
}

void LimServer::sendUdp(const std::string& host, protocol::Kind kind, const std::string& body) {
  const Poco::Net::SocketAddress* addr = peerAddress(host);
  if (!addr) {
    ++counters_.send_errors;
    return;
  }
  protocol::Frame f{.kind = kind, .isSigned = true, .epoch = epoch_, .seq = ++seq_, .body = body};
  std::string bytes = protocol::encodeFrame(f, &mac_);
  try {
    udp_.sendTo(bytes.data(), static_cast<int>(bytes.size()), *addr);
  } catch (const Poco::Exception&) {
    ++counters_.send_errors;
  }
}

}  // namespace openlim::lim
