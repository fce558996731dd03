// Cluster parameters: defaults, ranges, and the elim knobs shared with lsf.conf.
#include <gtest/gtest.h>

#include "config/params.h"

namespace openlim::config {
namespace {

struct Params {
  ClusterParams p;
  std::vector<Diagnostic> diags;
  DiagSink sink{"c", &diags};
  bool apply(const std::string& k, const std::string& v) { return applyParam(k, v, 7, &p, sink); }
};

TEST(ClusterParams, DefaultsFollowTheSpec) {
  ClusterParams p;
  EXPECT_EQ(p.exInterval, 15);
  EXPECT_EQ(p.elimPollInterval, 5);
  EXPECT_EQ(p.probeTimeout, 2);
  EXPECT_EQ(p.hostInactivityLimit, 5);
  EXPECT_EQ(p.masterInactivityLimit, 2);
  EXPECT_EQ(p.retryLimit, 2);
  EXPECT_EQ(p.adjustDuration, 3);
}

TEST(ClusterParams, AcceptsValidValuesCaseInsensitively) {
  Params t;
  EXPECT_TRUE(t.apply("exinterval", "1"));
  EXPECT_TRUE(t.apply("ELIM_POLL_INTERVAL", "0.001"));
  EXPECT_TRUE(t.apply("ELIMARGS", "-v -x"));
  EXPECT_TRUE(t.apply("LSF_ELIM_DEBUG", "Y"));
  EXPECT_TRUE(t.apply("LSF_ELIM_RESTARTS", "-1"));
  EXPECT_TRUE(t.apply("ELIM_ABORT_VALUE", "99"));
  EXPECT_TRUE(t.apply("LSF_ELIM_WATCHDOG", "30"));
  EXPECT_TRUE(t.diags.empty());
  EXPECT_EQ(t.p.exInterval, 1);
  EXPECT_EQ(t.p.elimPollInterval, 0.001);
  EXPECT_EQ(t.p.elimArgs, "-v -x");
  EXPECT_TRUE(t.p.elimDebug);
  EXPECT_EQ(t.p.elimAbortValue, 99);
  EXPECT_EQ(t.p.elimWatchdog, 30);
}

// Errors, not warnings: a configuration with a bad interval or count is refused.
TEST(ClusterParams, RejectsBadAndOutOfRangeValuesAsErrorsKeepingThePreviousOne) {
  Params t;
  for (auto [k, v] :
       std::vector<std::pair<const char*, const char*>>{{"EXINTERVAL", "0.5"},
                                                        {"EXINTERVAL", "nan"},
                                                        {"ELIM_POLL_INTERVAL", "6"},
                                                        {"HOST_INACTIVITY_LIMIT", "1"},
                                                        {"RETRY_LIMIT", "2.5"},
                                                        {"ELIM_ABORT_VALUE", "256"},
                                                        {"LSF_ELIM_STALE_FACTOR", "0.5"},
                                                        {"PROBE_TIMEOUT", ""}})
    EXPECT_TRUE(t.apply(k, v)) << k;
  EXPECT_EQ(t.diags.size(), 8u);
  for (const auto& d : t.diags) {
    EXPECT_EQ(d.line, 7);
    EXPECT_EQ(d.severity, Severity::kError);
  }
  EXPECT_EQ(t.p.exInterval, 15);
  EXPECT_EQ(t.p.hostInactivityLimit, 5);
  EXPECT_EQ(t.p.elimAbortValue, 97);
}

TEST(ClusterParams, UnknownKeysAreLeftToTheCaller) {
  Params t;
  EXPECT_FALSE(t.apply("FLOAT_CLIENTS", "5"));
  EXPECT_TRUE(t.diags.empty());
  EXPECT_TRUE(isElimKnob("LSF_ELIM_BLOCKTIME"));
  EXPECT_TRUE(isElimKnob("ELIM_ABORT_VALUE"));
  EXPECT_FALSE(isElimKnob("EXINTERVAL"));
}

TEST(ClusterParams, ReservationLeaseIsSecondsFromOneToAYearDefault3600) {
  Params t;
  EXPECT_EQ(t.p.reservationLease, 3600);
  EXPECT_TRUE(t.apply("RESERVATION_LEASE", "120"));
  EXPECT_EQ(t.p.reservationLease, 120);
  for (const char* bad : {"0", "-5", "x", "31536001"})
    EXPECT_TRUE(t.apply("RESERVATION_LEASE", bad));
  EXPECT_EQ(t.diags.size(), 4u);
  EXPECT_EQ(t.p.reservationLease, 120);
}

TEST(ClusterParams, ReservationConsistencyIsAvailableOrQuorumDefaultQuorum) {
  Params t;
  EXPECT_EQ(t.p.reservationConsistency, ReservationConsistency::kQuorum);
  EXPECT_TRUE(t.apply("RESERVATION_CONSISTENCY", "available"));
  EXPECT_EQ(t.p.reservationConsistency, ReservationConsistency::kAvailable);
  EXPECT_TRUE(t.apply("reservation_consistency", "QUORUM"));
  EXPECT_EQ(t.p.reservationConsistency, ReservationConsistency::kQuorum);
  EXPECT_TRUE(t.diags.empty());
  for (const char* bad : {"", "majority", "available quorum", "1", "avail"})
    EXPECT_TRUE(t.apply("RESERVATION_CONSISTENCY", bad)) << bad;
  ASSERT_EQ(t.diags.size(), 5u);
  for (const auto& d : t.diags) {
    EXPECT_EQ(d.line, 7);
    EXPECT_EQ(d.severity, Severity::kError);
    EXPECT_NE(d.message.find("for RESERVATION_CONSISTENCY: want available or quorum"),
              std::string::npos)
        << d.message;
  }
  EXPECT_EQ(t.p.reservationConsistency, ReservationConsistency::kQuorum);  // kept
}

}  // namespace
}  // namespace openlim::config
