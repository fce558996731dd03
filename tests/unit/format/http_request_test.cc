// The metrics endpoint's HTTP request head reader, routes and answer heads.
#include "format/http_request.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::format {
namespace {

using State = HttpHeadReader::State;

State feed(HttpHeadReader& r, std::string_view bytes) {
  return r.append(bytes);
}

TEST(HttpHeadReader, ReadsAHeadGivenAByteAtATime) {
  const std::string req = "GET /metrics?name[]=x HTTP/1.1\r\nHost: h:9\r\nAccept: */*\r\n\r\n";
  HttpHeadReader r;
  for (size_t i = 0; i + 1 < req.size(); ++i)
    ASSERT_EQ(feed(r, req.substr(i, 1)), State::kNeedMore) << i;
  ASSERT_EQ(feed(r, req.substr(req.size() - 1)), State::kComplete);
  EXPECT_EQ(r.head().method, "GET");
  EXPECT_EQ(r.head().target, "/metrics?name[]=x");
  EXPECT_EQ(r.head().version, "HTTP/1.1");
  EXPECT_EQ(r.head().fields, 2u);
}

TEST(HttpHeadReader, AcceptsBareLineFeedsAndIgnoresWhatFollowsTheHead) {
  HttpHeadReader r;
  ASSERT_EQ(feed(r, "\nPOST /x HTTP/1.0\nContent-Length: 3\n\nabc"), State::kComplete);
  EXPECT_EQ(r.head().method, "POST");
  EXPECT_EQ(r.head().target, "/x");
  EXPECT_EQ(feed(r, "more body"), State::kComplete);
}

TEST(HttpHeadReader, RefusesMalformedRequestLinesAndFields) {
  for (const char* bad : {"GET\r\n\r\n", "GET /metrics\r\n\r\n", "GET  /metrics HTTP/1.1\r\n\r\n",
                          "GET /metrics HTTP/1.1 x\r\n\r\n", "G(T /metrics HTTP/1.1\r\n\r\n",
                          "GET metrics HTTP/1.1\r\n\r\n", "GET /a\x01 HTTP/1.1\r\n\r\n",
                          "GET /metrics HTTX/1.1\r\n\r\n", "GET /metrics HTTP/1.11\r\n\r\n",
                          "GET /metrics HTTP/1.1\r\nno colon here\r\n\r\n",
                          "GET /metrics HTTP/1.1\r\nBad Name: x\r\n\r\n",
                          "GET /metrics HTTP/1.1\r\n: empty name\r\n\r\n", "\r\n\r\n"}) {
    HttpHeadReader r;
    EXPECT_EQ(feed(r, bad), State::kRefused) << bad;
    EXPECT_EQ(r.refusal(), 400) << bad;
  }
}

TEST(HttpHeadReader, RefusesAnotherMajorVersionWith505) {
  HttpHeadReader r;
  ASSERT_EQ(feed(r, "GET /metrics HTTP/2.0\r\n\r\n"), State::kRefused);
  EXPECT_EQ(r.refusal(), 505);
}

TEST(HttpHeadReader, RefusesAHeadThatDoesNotEndWithinTheLimitAndKeepsNoMore) {
  HttpHeadReader r;
  std::string line = "GET /metrics HTTP/1.1\r\n";
  ASSERT_EQ(feed(r, line), State::kNeedMore);
  std::string field = "X-Pad: " + std::string(1000, 'a') + "\r\n";
  State st = State::kNeedMore;
  size_t given = line.size();
  while (st == State::kNeedMore && given < 10 * HttpHeadReader::kMaxHeadBytes) {
    st = feed(r, field);
    given += field.size();
  }
  EXPECT_EQ(st, State::kRefused);
  EXPECT_EQ(r.refusal(), 431);
  EXPECT_LE(given, HttpHeadReader::kMaxHeadBytes + field.size());
  // A head of exactly the limit is still read.
  HttpHeadReader ok;
  std::string head = "GET / HTTP/1.1\r\nX: ";
  head += std::string(HttpHeadReader::kMaxHeadBytes - head.size() - 4, 'b') + "\r\n\r\n";
  ASSERT_EQ(head.size(), HttpHeadReader::kMaxHeadBytes);
  EXPECT_EQ(feed(ok, head), State::kComplete);
}

TEST(HttpHeadReader, RefusesTooManyFields) {
  std::string head = "GET /metrics HTTP/1.1\r\n";
  for (size_t i = 0; i <= HttpHeadReader::kMaxFields; ++i) head += "A: b\r\n";
  HttpHeadReader r;
  ASSERT_EQ(feed(r, head + "\r\n"), State::kRefused);
  EXPECT_EQ(r.refusal(), 431);
}

TEST(MetricsRoute, GetOnMetricsOnlyWithAnyQueryOtherPathsNotFoundOtherMethodsNotAllowed) {
  EXPECT_EQ(metricsRoute({"GET", "/metrics", "HTTP/1.1"}), 200);
  EXPECT_EQ(metricsRoute({"GET", "/metrics?a=b", "HTTP/1.0"}), 200);
  for (const char* path : {"/", "/metrics/", "/metricsx", "/x/metrics", "*", "/Metrics"})
    EXPECT_EQ(metricsRoute({"GET", path, "HTTP/1.1"}), 404) << path;
  for (const char* method : {"POST", "HEAD", "get", "DELETE"})
    EXPECT_EQ(metricsRoute({method, "/metrics", "HTTP/1.1"}), 405) << method;
  EXPECT_EQ(metricsRoute({"POST", "/other", "HTTP/1.1"}), 404);
}

TEST(HttpResponseHead, CarriesTheReasonPhraseOfItsStatus) {
  EXPECT_EQ(httpResponseHead(404, "text/plain", 3),
            "HTTP/1.1 404 Not Found\r\nServer: openlim\r\nContent-Type: text/plain\r\n"
            "Content-Length: 3\r\nConnection: close\r\n\r\n");
  std::string h = httpResponseHead(405, "text/plain", 0, "Allow: GET\r\n");
  EXPECT_TRUE(h.starts_with("HTTP/1.1 405 Method Not Allowed\r\n")) << h;
  EXPECT_TRUE(h.ends_with("\r\nAllow: GET\r\n\r\n")) << h;
  EXPECT_TRUE(httpResponseHead(200, "t", 1).starts_with("HTTP/1.1 200 OK\r\n"));
  EXPECT_EQ(httpReason(400), "Bad Request");
  EXPECT_EQ(httpReason(431), "Request Header Fields Too Large");
  EXPECT_EQ(httpReason(505), "HTTP Version Not Supported");
  EXPECT_EQ(httpReason(299), "Unknown");
}

}  // namespace
}  // namespace openlim::format
