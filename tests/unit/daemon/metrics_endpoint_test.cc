// The metrics endpoint on a loop of its own in the test (a real shell::Poller, loopback
// sockets, a fake clock): scrapes served from the copy the loop builds, bodies shared and
// written in slices, bad requests refused, slow clients cut off, and connection bounds.
#include "metrics_endpoint.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <functional>
#include <string>

#include "loopback_client.h"
#include "master/load_table.h"
#include "master/metrics.h"

namespace openlim::lim {
namespace {

const std::string kScrape = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";

class MetricsEndpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(endpoint.start("127.0.0.1", 0).isOk());
    input->cluster = "demo";
    input->host = "hostA";
    input->version = "test";
  }
  // One loop turn at `now`: register, poll (briefly: the data is on loopback), handle.
  // `other`, when set, registers another source of the loop first.
  void turn(int waitMs = 20, const std::function<void(shell::Poller&)>& other = {}) {
    shell::Poller poller;
    if (other) other(poller);
    endpoint.registerWith(poller, now);
    poller.wait(waitMs);
    endpoint.onTurn(now, build);
  }
  // Turns until `done` holds (at most 200).
  void turnUntil(const std::function<bool()>& done) {
    for (int i = 0; i < 200 && !done(); ++i) turn();
    ASSERT_TRUE(done());
  }

  MetricsEndpoint endpoint;
  double now = 100;
  std::shared_ptr<master::MetricsInput> input = std::make_shared<master::MetricsInput>();
  int built = 0;
  MetricsEndpoint::InputFn build = [this] {
    ++built;
    return master::MetricsInputPtr(input);
  };
};

TEST_F(MetricsEndpointTest, AScrapeIsAnsweredFromTheCopyTheLoopBuilds) {
  turn(0);
  EXPECT_EQ(built, 0);  // nobody asked: the loop's state is not copied
  Client c(endpoint.port());
  c.send(kScrape);
  turnUntil([&] { return c.drain(); });
  EXPECT_EQ(c.got.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << c.got.substr(0, 80);
  EXPECT_EQ(c.body(), master::writeMetrics(*input, 0));
  EXPECT_NE(c.body().find(R"(cluster="demo",host="hostA")"), std::string::npos);
  EXPECT_EQ(built, 1);
  EXPECT_EQ(endpoint.counters().scrapes, 1u);
  turn(0);
  EXPECT_EQ(endpoint.connections(), 0u);  // one request per connection
  EXPECT_TRUE(std::isinf(endpoint.nextDeadline()) && endpoint.nextDeadline() > 0);
}

TEST_F(MetricsEndpointTest, ScrapesWaitingTogetherShareOneBody) {
  Client a(endpoint.port()), b(endpoint.port()), c(endpoint.port());
  for (Client* k : {&a, &b, &c}) k->send(kScrape);
  turnUntil([&] {
    int ended = 0;
    for (Client* k : {&a, &b, &c}) ended += k->drain() ? 1 : 0;  // every one drained
    return ended == 3;
  });
  EXPECT_EQ(built, 1);
  EXPECT_EQ(endpoint.counters().bodies, 1u);
  EXPECT_EQ(endpoint.counters().scrapes, 3u);
  EXPECT_EQ(a.body(), b.body());
  EXPECT_EQ(a.body(), c.body());
}

ConfigPtr manyHosts(int n) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->checksum = "sum1";
  c->models.push_back({.name = "Generic", .cpuFactor = 100});
  c->resources.push_back({.name = "r1m", .type = ResourceType::kNumeric, .dynamic = true});
  for (int i = 0; i < n; ++i)
    c->hosts.push_back({.name = "host" + std::to_string(i), .model = "Generic", .type = "X86"});
  c->params.exInterval = 10;
  return c;
}

// A big table's body takes several turns; between them the loop is told to come back at
// once (nextDeadline in the past) and the body is whole and the same as in one go.
TEST_F(MetricsEndpointTest, ABigBodyIsWrittenInSlicesAcrossTurns) {
  const int hosts = 3 * static_cast<int>(MetricsEndpoint::kSamplesPerTurn);
  master::LoadTable table(manyHosts(hosts));
  for (int i = 0; i < hosts; ++i) {
    protocol::LoadReport r{.host = "host" + std::to_string(i), .checksum = "sum1"};
    r.numbers = {{"r1m", 0.5, 0}};
    table.ingest(r, now);
  }
  input->isMaster = true;
  input->table = table.snapshot(now);
  Client c(endpoint.port());
  c.send(kScrape);
  // Another source of the loop (a pipe with a byte each turn) is served between slices.
  int pipeFds[2];
  ASSERT_EQ(::pipe(pipeFds), 0);
  int servedWhileWriting = 0;
  auto other = [&](shell::Poller& p) {
    ASSERT_EQ(::write(pipeFds[1], "x", 1), 1);
    p.add(pipeFds[0], POLLIN, [&](short) {
      char b;
      ASSERT_EQ(::read(pipeFds[0], &b, 1), 1);
      if (endpoint.counters().slices > 0 && !c.ended) ++servedWhileWriting;
    });
  };
  int turnsWriting = 0;
  for (int i = 0; i < 200 && !c.drain(); ++i) {
    turn(20, other);
    if (endpoint.nextDeadline() < now) ++turnsWriting;
  }
  ::close(pipeFds[0]);
  ::close(pipeFds[1]);
  ASSERT_TRUE(c.ended);
  EXPECT_GE(endpoint.counters().slices, 3u);
  EXPECT_GE(turnsWriting, 2);
  EXPECT_GE(servedWhileWriting, 2);
  EXPECT_EQ(built, 1);
  EXPECT_EQ(c.body(), master::writeMetrics(*input, 0));
  EXPECT_NE(c.body().find("openlim_host_status{host=\"host" + std::to_string(hosts - 1)),
            std::string::npos);
}

TEST_F(MetricsEndpointTest, OtherRequestsAreRefusedWithTheirStatus) {
  const std::pair<std::string, std::string> cases[] = {
      {"GET /x HTTP/1.1\r\n\r\n", "HTTP/1.1 404 Not Found\r\n"},
      {"PUT /metrics HTTP/1.1\r\n\r\n", "HTTP/1.1 405 Method Not Allowed\r\n"},
      {"GET /metrics\r\n\r\n", "HTTP/1.1 400 Bad Request\r\n"},
      {"GET /metrics HTTP/1.1\r\nX: " + std::string(20000, 'a') + "\r\n\r\n", "HTTP/1.1 431 "}};
  for (const auto& [request, line] : cases) {
    Client c(endpoint.port());
    c.send(request);
    turnUntil([&] { return c.drain(); });
    EXPECT_EQ(c.got.rfind(line, 0), 0u) << c.got.substr(0, 60);
  }
  EXPECT_EQ(built, 0);
  EXPECT_EQ(endpoint.counters().notFound, 1u);
  EXPECT_EQ(endpoint.counters().badMethod, 1u);
  EXPECT_EQ(endpoint.counters().badRequest, 2u);
  EXPECT_EQ(endpoint.counters().scrapes, 0u);
}

TEST_F(MetricsEndpointTest, AHeadNotWholeInTimeIsCutOff) {
  Client slow(endpoint.port());
  slow.send("GET /metrics HTTP/1.1\r\n");
  turn();
  ASSERT_EQ(endpoint.connections(), 1u);
  EXPECT_DOUBLE_EQ(endpoint.nextDeadline(), now + MetricsEndpoint::kRequestSeconds);
  now += MetricsEndpoint::kRequestSeconds - 0.1;
  turn(0);
  EXPECT_FALSE(slow.drain());
  now += 0.2;
  turn(0);
  EXPECT_TRUE(slow.drain());
  EXPECT_EQ(slow.got, "");  // closed without an answer
  EXPECT_EQ(endpoint.counters().cutOff, 1u);
  EXPECT_EQ(built, 0);
}

// One peer holding its share of connections cannot keep another's scrape out, nor take
// more than its share: its oldest unfinished connection is pushed out for its new one.
TEST_F(MetricsEndpointTest, ConnectionsAreBoundedPerPeer) {
  std::vector<std::unique_ptr<Client>> flood;
  for (size_t i = 0; i < MetricsEndpoint::kLimits.perPeer + 2; ++i) {
    flood.push_back(std::make_unique<Client>(endpoint.port(), "127.0.0.2"));
    flood.back()->send("GET /metrics HTTP/1.1\r\n");
    turn(5);
  }
  EXPECT_EQ(endpoint.counters().evicted, 2u);
  EXPECT_EQ(endpoint.connections(), MetricsEndpoint::kLimits.perPeer);
  EXPECT_TRUE(flood[0]->drain());  // the oldest went first
  Client c(endpoint.port(), "127.0.0.3");
  c.send(kScrape);
  turnUntil([&] { return c.drain(); });
  EXPECT_EQ(c.got.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
}

// A scraper that goes away before its body is whole: the writing stops and the copy of the
// lim's state is let go.
TEST_F(MetricsEndpointTest, ABodyNobodyWaitsForIsDropped) {
  const int hosts = 3 * static_cast<int>(MetricsEndpoint::kSamplesPerTurn);
  master::LoadTable table(manyHosts(hosts));
  input->isMaster = true;
  input->table = table.snapshot(now);
  {
    Client c(endpoint.port());
    c.send(kScrape);
    turnUntil([&] { return endpoint.counters().slices >= 1; });
  }
  EXPECT_EQ(input.use_count(), 2);  // the body being written holds it
  for (int i = 0; i < 5; ++i) turn();
  EXPECT_EQ(input.use_count(), 1);
  EXPECT_EQ(endpoint.connections(), 0u);
  EXPECT_LT(endpoint.counters().slices, 3u);
  EXPECT_GT(endpoint.nextDeadline(), now);
}

}  // namespace
}  // namespace openlim::lim
