#include "lim_server.h"

#include <Poco/Exception.h>
#include <Poco/Net/SocketAddress.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cmath>

#include "hmac.h"

namespace openlim::lim {

double monotonicNow() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

LimServer::LimServer(ConfigPtr config, std::string key, LimOptions opts)
    : config_(std::move(config)), key_(std::move(key)), opts_(std::move(opts)) {
  mac_ = shell::makeMacFn(key_);
  // The boot epoch only has to grow across restarts of this lim; receivers never compare
  // it with their own clock.
  epoch_ = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count());
  port_ = config_->lsf.limPort;
  double now = monotonicNow();
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
}

LimServer::~LimServer() {
  if (signalFd_ >= 0) ::close(signalFd_);
}

std::optional<std::string> LimServer::addressOf(const std::string& host) const {
  if (const HostAddress* a = config_->findAddress(host)) return a->ip;
  try {
    return Poco::Net::SocketAddress(host, port_).host().toString();
  } catch (const Poco::Exception&) {
    return std::nullopt;
  }
}

Status LimServer::bind() {
  auto addr = addressOf(opts_.host);
  if (!addr) return Status(Code::kNotFound, "cannot resolve address of " + opts_.host);
  address_ = *addr;
  try {
    Poco::Net::SocketAddress sa(address_, port_);
    udp_.bind(sa, true);
    udp_.setBlocking(false);
    // A burst of reports from many hosts must wait in the kernel, not be dropped there.
    // SO_RCVBUFFORCE passes net.core.rmem_max when lim has CAP_NET_ADMIN (runs as root).
    int want = 16 << 20;
    if (::setsockopt(udp_.impl()->sockfd(), SOL_SOCKET, SO_RCVBUFFORCE, &want, sizeof want) != 0)
      udp_.setReceiveBufferSize(want);
    tcp_.bind(sa, true);
    tcp_.listen(128);
    tcp_.setBlocking(false);
    // Wake for a connection once its request has arrived (see onTcpAccept). A client that
    // connects and sends nothing is accepted when this runs out and then timed out as before.
    int deferSeconds = 2;
    ::setsockopt(tcp_.impl()->sockfd(), IPPROTO_TCP, TCP_DEFER_ACCEPT, &deferSeconds,
                 sizeof deferSeconds);
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable,
                  address_ + ":" + std::to_string(port_) + ": " + e.displayText());
  }
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGHUP, SIGTERM, SIGINT}) sigaddset(&set, s);
  signalFd_ = ::signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
  spdlog::info("lim {} listening on {}:{} (udp+tcp)", opts_.host, address_, port_);
  return Status::ok();
}

double LimServer::nextDeadline() const {
  double next = std::min(master_->nextDeadline(), agent_->nextDeadline());
  next = std::min(next, collector_->nextDeadline());
  next = std::min(next, melim_->nextDeadline());
  for (const auto& c : conns_) next = std::min(next, c->deadline);
  return next;
}

int LimServer::run() {
  while (running_) loopOnce();
  melim_->stopAndWait();
  spdlog::info("lim {} stopped", opts_.host);
  return 0;
}

void LimServer::loopOnce() {
  std::vector<pollfd> fds;
  fds.push_back({udp_.impl()->sockfd(), POLLIN, 0});
  fds.push_back({tcp_.impl()->sockfd(), POLLIN, 0});
  fds.push_back({signalFd_, POLLIN, 0});
  for (int fd : melim_->fds()) fds.push_back({fd, POLLIN, 0});
  const size_t connBase = fds.size();
  for (const auto& c : conns_) fds.push_back({c->sock.impl()->sockfd(), POLLIN, 0});
  double now = monotonicNow();
  double wait = std::clamp(nextDeadline() - now, 0.0, 1.0);
  // +1 ms: a deadline just missed never spins the loop; an announce round keeps its pace.
  int timeoutMs = announcing() ? static_cast<int>(std::ceil(wait * 1000))
                               : static_cast<int>(wait * 1000) + 1;
  int n = ::poll(fds.data(), fds.size(), timeoutMs);
  now = monotonicNow();
  if (n > 0) {
    if (fds[0].revents) onUdpReadable(now);
    if (fds[1].revents) onTcpAccept(now);
    if (fds[2].revents) onSignal();
    for (size_t i = 3; i < connBase; ++i)
      if (fds[i].revents && melim_->onReadable(fds[i].fd, now)) agent_->onExternalValues(now);
    for (size_t i = connBase; i < fds.size(); ++i)
      if (fds[i].revents) onConnReadable(*conns_[i - connBase], now);
  }
  std::erase_if(conns_, [&](const auto& c) { return c->deadline <= now; });
  onTimers(monotonicNow());
}

void LimServer::onSignal() {
  signalfd_siginfo si;
  while (::read(signalFd_, &si, sizeof si) == sizeof si) {
    if (si.ssi_signo == SIGHUP) {
      std::vector<std::string> diags;
      Status st = reloadConfig(&diags);
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
  for (int i = 0; i < 1024; ++i) {
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

const Poco::Net::SocketAddress* LimServer::peerAddress(const std::string& host) {
  if (peers_.empty()) {
    for (const auto& a : config_->addresses) {
      try {
        Poco::Net::SocketAddress sa(a.ip, port_);
        peers_.emplace(a.name, sa);
        for (const auto& al : a.aliases) peers_.emplace(al, sa);
      } catch (const Poco::Exception&) {
      }
    }
  }
  auto it = peers_.find(host);
  if (it == peers_.end()) {
    std::optional<Poco::Net::SocketAddress> sa;
    if (auto ip = addressOf(host)) sa = Poco::Net::SocketAddress(*ip, port_);
    it = peers_.emplace(host, sa).first;
  }
  return it->second ? &*it->second : nullptr;
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
