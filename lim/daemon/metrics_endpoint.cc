#include "metrics_endpoint.h"

#include <Poco/Exception.h>
#include <Poco/Net/SocketAddress.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <limits>
#include <utility>

#include "master/metrics_cursor.h"

namespace openlim::lim {

struct MetricsEndpoint::Body {
  master::MetricsInputPtr input;  // held until the body is whole (the cursor reads it)
  std::unique_ptr<master::MetricsCursor> cursor;
  std::string text;
  std::vector<uint64_t> ids;  // the scrapes it answers
};

MetricsEndpoint::MetricsEndpoint() = default;
MetricsEndpoint::~MetricsEndpoint() = default;

Status MetricsEndpoint::start(const std::string& host, uint16_t port) {
  try {
    Poco::Net::SocketAddress addr(host, port);
    socket_.bind(addr, true, false);
    socket_.listen(64);
    socket_.setBlocking(false);
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable,
                  "metrics " + host + ":" + std::to_string(port) + ": " + e.displayText());
  }
  started_ = true;
  return Status::ok();
}

uint16_t MetricsEndpoint::port() const {
  return socket_.address().port();
}

void MetricsEndpoint::registerWith(shell::Poller& poller, double now) {
  if (!started_) return;
  if (acceptPausedUntil_ <= now) {
    acceptPausedUntil_ = 0;
    poller.add(socket_.impl()->sockfd(), POLLIN, [this](short) { listenerReady_ = true; });
  }
  for (const auto& c : conns_) {
    if (c->phase == MetricsConnection::Phase::kClosed) continue;
    short ev = c->phase == MetricsConnection::Phase::kReading   ? POLLIN
               : c->phase == MetricsConnection::Phase::kWriting ? POLLOUT
                                                                : POLLRDHUP;  // awaiting: gone?
    poller.add(c->fd, ev, [conn = c.get()](short revents) { conn->revents = revents; });
  }
}

double MetricsEndpoint::nextDeadline() const {
  if (body_ || !awaiting_.empty()) return -std::numeric_limits<double>::infinity();
  double next = std::numeric_limits<double>::infinity();
  for (const auto& c : conns_) next = std::min(next, c->deadline);
  if (acceptPausedUntil_ > 0) next = std::min(next, acceptPausedUntil_);
  return next;
}

void MetricsEndpoint::onTurn(double now, const InputFn& build) {
  if (!started_) return;
  if (std::exchange(listenerReady_, false)) onAccept(now);
  for (auto& c : conns_) {
    const short re = std::exchange(c->revents, 0);
    if (re == 0) continue;
    using Phase = MetricsConnection::Phase;
    if (c->phase == Phase::kReading)
      onReadable(*c, now);
    else if (c->phase == Phase::kWriting)
      c->write();
    else if (c->phase == Phase::kAwaitingBody && (re & (POLLRDHUP | POLLHUP | POLLERR)))
      c->close();
  }
  expire(now);
  writeBody(now, build);
  std::erase_if(conns_,
                [](const auto& c) { return c->phase == MetricsConnection::Phase::kClosed; });
  lastTurn_ = now;
}

// Takes the pending connections, each pushing out an old one if the bounds say so.
void MetricsEndpoint::onAccept(double now) {
  std::vector<protocol::PeerConnView> views;
  std::vector<MetricsConnection*> open;
  for (int i = 0; i < 64; ++i) {
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    int fd = ::accept4(socket_.impl()->sockfd(), reinterpret_cast<sockaddr*>(&ss), &len,
                       SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EMFILE || errno == ENFILE) acceptPausedUntil_ = now + 1;
      return;  // EAGAIN: no more pending
    }
    auto c = std::make_unique<MetricsConnection>(fd, nextId_++, peerKey(ss), now, kRequestSeconds);
    views.clear();
    open.clear();
    for (auto& o : conns_) {
      if (o->phase == MetricsConnection::Phase::kClosed) continue;
      views.push_back({o->peer, o->phase == MetricsConnection::Phase::kReading, o->acceptedAt});
      open.push_back(o.get());
    }
    if (auto victim = protocol::admissionVictim(views, c->peer, kLimits)) {
      ++counters_.evicted;
      open[*victim]->close();
    }
    conns_.push_back(std::move(c));
    onReadable(*conns_.back(), now);  // the request often came with the connection
  }
}

void MetricsEndpoint::onReadable(MetricsConnection& c, double now) {
  using Kind = MetricsConnection::ReadResult::Kind;
  const MetricsConnection::ReadResult r = c.read();
  if (r.kind == Kind::kNeedMore) return;
  if (r.kind == Kind::kGone) return c.close();
  if (r.badHead) ++counters_.badRequest;
  if (r.status == 404) ++counters_.notFound;
  if (r.status == 405) ++counters_.badMethod;
  if (r.status != 200) return c.answer(r.status, nullptr, now, kReplySeconds);
  ++counters_.scrapes;
  c.phase = MetricsConnection::Phase::kAwaitingBody;
  c.deadline = now + kReplySeconds;
  awaiting_.push_back(c.id);
}

// Starts a body for the scrapes awaiting one, or goes on with the one being written.
void MetricsEndpoint::writeBody(double now, const InputFn& build) {
  if (body_) {
    const bool anyWaits = std::any_of(conns_.begin(), conns_.end(), [&](const auto& c) {
      return c->phase == MetricsConnection::Phase::kAwaitingBody &&
             std::find(body_->ids.begin(), body_->ids.end(), c->id) != body_->ids.end();
    });
    if (!anyWaits) body_.reset();  // every scrape it was for went away: stop writing it
  }
  if (!body_ && awaiting_.empty()) return;
  if (!body_) {
    body_ = std::make_unique<Body>();
    body_->input = build();
    if (!body_->input) body_->input = std::make_shared<const master::MetricsInput>();
    body_->ids = std::exchange(awaiting_, {});
    ++counters_.bodies;
    // Reserved whole at once (pages come as they are written): growing by doubling would copy
    // tens of megabytes in one turn at 100,000 hosts.
    if (const HostTablePtr& t = body_->input->table)
      body_->text.reserve(t->size() * t->columns.size() * 48 + 65536);
    // The time since the loop's previous turn: the slice of loop time the scrape saw.
    const double loopAge = lastTurn_ > 0 ? now - lastTurn_ : 0;
    body_->cursor = std::make_unique<master::MetricsCursor>(*body_->input, loopAge);
  }
  ++counters_.slices;
  if (body_->cursor->writeSome(body_->text, kSamplesPerTurn)) finishBody(now);
}

void MetricsEndpoint::finishBody(double now) {
  auto text = std::make_shared<const std::string>(std::move(body_->text));
  for (auto& c : conns_)
    if (c->phase == MetricsConnection::Phase::kAwaitingBody &&
        std::find(body_->ids.begin(), body_->ids.end(), c->id) != body_->ids.end())
      c->answer(200, text, now, kReplySeconds);
  body_.reset();  // the copy of the lim's state goes now: the loop may patch its table again
}

void MetricsEndpoint::expire(double now) {
  for (auto& c : conns_)
    if (c->phase != MetricsConnection::Phase::kClosed && now >= c->deadline) {
      ++counters_.cutOff;
      c->close();
    }
}

}  // namespace openlim::lim
