#include "metrics_server.h"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerConnection.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/TCPServerConnection.h>
#include <Poco/Net/TCPServerConnectionFactory.h>

#include "connection_watchdog.h"
#include "format/prom_text.h"
#include "lim_server.h"

namespace openlim::lim {
namespace {

using Poco::Net::HTTPResponse;
using Poco::Net::HTTPServerRequest;
using Poco::Net::HTTPServerResponse;

// The watchdog entry of the connection this thread serves (POCO runs a connection's request
// handler on the thread that runs the connection).
thread_local uint64_t tConnection = 0;

struct Shared {
  MetricsExchange* exchange;
  MetricsServerCounters* counters;
  ConnectionWatchdog* watchdog;
};

void sendText(HTTPServerResponse& resp, HTTPResponse::HTTPStatus status, const std::string& body,
              const std::string& type = "text/plain; charset=utf-8") {
  resp.setStatus(status);
  resp.setContentType(type);
  resp.setContentLength(static_cast<std::streamsize>(body.size()));
  resp.setKeepAlive(false);
  resp.sendBuffer(body.data(), body.size());
}

class MetricsHandler : public Poco::Net::HTTPRequestHandler {
 public:
  explicit MetricsHandler(Shared s) : s_(s) {}
  void handleRequest(HTTPServerRequest& req, HTTPServerResponse& resp) override {
    // The request head is in: from here the deadline is the answer's.
    s_.watchdog->extend(tConnection, monotonicNow() + MetricsServer::kReplySeconds);
    const std::string& uri = req.getURI();
    const std::string path = uri.substr(0, uri.find('?'));
    if (path != "/metrics") {
      ++s_.counters->notFound;
      return sendText(resp, HTTPResponse::HTTP_NOT_FOUND, "not found: only GET /metrics\n");
    }
    if (req.getMethod() != Poco::Net::HTTPRequest::HTTP_GET) {
      ++s_.counters->badMethod;
      resp.set("Allow", "GET");
      return sendText(resp, HTTPResponse::HTTP_METHOD_NOT_ALLOWED, "only GET /metrics\n");
    }
    ++s_.counters->scrapes;
    sendText(resp, HTTPResponse::HTTP_OK, s_.exchange->scrape(MetricsServer::kLoopWaitSeconds),
             format::kPromContentType);
  }

 private:
  Shared s_;
};

class HandlerFactory : public Poco::Net::HTTPRequestHandlerFactory {
 public:
  explicit HandlerFactory(Shared s) : s_(s) {}
  Poco::Net::HTTPRequestHandler* createRequestHandler(const HTTPServerRequest&) override {
    return new MetricsHandler(s_);
  }

 private:
  Shared s_;
};

// POCO's HTTP connection, run under the watchdog's deadline.
class GuardedConnection : public Poco::Net::TCPServerConnection {
 public:
  GuardedConnection(const Poco::Net::StreamSocket& socket, Shared s,
                    Poco::Net::HTTPServerParams::Ptr params,
                    Poco::Net::HTTPRequestHandlerFactory::Ptr factory)
      : TCPServerConnection(socket), s_(s), params_(params), factory_(factory) {}
  void run() override {
    tConnection = s_.watchdog->add(socket(), monotonicNow() + MetricsServer::kRequestSeconds);
    try {
      Poco::Net::HTTPServerConnection http(socket(), params_, factory_);
      http.run();
    } catch (const Poco::Exception&) {
      // cut off or reset by the client: nothing to answer
    }
    s_.watchdog->remove(tConnection);
    tConnection = 0;
  }

 private:
  Shared s_;
  Poco::Net::HTTPServerParams::Ptr params_;
  Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
};

class GuardedFactory : public Poco::Net::TCPServerConnectionFactory {
 public:
  GuardedFactory(Shared s, Poco::Net::HTTPServerParams::Ptr params)
      : s_(s), params_(params), factory_(new HandlerFactory(s)) {}
  Poco::Net::TCPServerConnection* createConnection(const Poco::Net::StreamSocket& socket) override {
    return new GuardedConnection(socket, s_, params_, factory_);
  }

 private:
  Shared s_;
  Poco::Net::HTTPServerParams::Ptr params_;
  Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
};

}  // namespace

MetricsServer::MetricsServer(MetricsExchange& exchange)
    : exchange_(exchange),
      counters_(std::make_shared<MetricsServerCounters>()),
      watchdog_(std::make_shared<ConnectionWatchdog>()),
      pool_(1, kMaxThreads) {}

MetricsServer::~MetricsServer() {
  if (server_) server_->stop();  // no new connections
  watchdog_->cutAll();           // the ones being served end at once
  pool_.joinAll();
}

Status MetricsServer::start(const std::string& host, uint16_t port) {
  try {
    Poco::Net::SocketAddress addr(host, port);
    socket_.bind(addr, true, false);
    socket_.listen(64);
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable,
                  "metrics " + host + ":" + std::to_string(port) + ": " + e.displayText());
  }
  auto* params = new Poco::Net::HTTPServerParams;
  params->setMaxThreads(kMaxThreads);
  params->setMaxQueued(32);
  params->setKeepAlive(false);
  params->setTimeout(Poco::Timespan(static_cast<long>(kRequestSeconds), 0));
  params->setServerName("openlim");
  Poco::Net::HTTPServerParams::Ptr p(params);
  Shared s{&exchange_, counters_.get(), watchdog_.get()};
  server_ = std::make_unique<Poco::Net::TCPServer>(new GuardedFactory(s, p), pool_, socket_, p);
  server_->start();
  return Status::ok();
}

uint16_t MetricsServer::port() const {
  return socket_.address().port();
}

}  // namespace openlim::lim
