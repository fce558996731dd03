// The rating's cluster parameters and the Host rows' placement limits and rating inputs:
// typed, range-checked once, every bad value a diagnostic at its line.
#include <gtest/gtest.h>

#include "config/params.h"
#include "config_fixture.h"

namespace openlim::testing {
namespace {

using config::applyParam;
using config::DiagSink;
constexpr auto kW = Severity::kWarning;
constexpr auto kE = Severity::kError;

TEST(RatingParams, DefaultsMakeTheTwoTermsComparable) {
  ClusterParams p;
  EXPECT_EQ(p.ratingSmpFactor, 0.2);
  EXPECT_EQ(p.ratingCpuWeight, 1.0);
  EXPECT_EQ(p.ratingMemWeight, 0.1);
  EXPECT_TRUE(p.ratingDispatchDrop);
}

TEST(RatingParams, AcceptsValuesInRange) {
  ClusterParams p;
  std::vector<Diagnostic> diags;
  DiagSink sink("c", &diags);
  EXPECT_TRUE(applyParam("RATING_SMP_FACTOR", "0.5", 3, &p, sink));
  EXPECT_TRUE(applyParam("RATING_CPU_WEIGHT", "0", 4, &p, sink));
  EXPECT_TRUE(applyParam("rating_mem_weight", "1", 5, &p, sink));
  EXPECT_TRUE(applyParam("RATING_DISPATCH_DROP", "N", 6, &p, sink));
  EXPECT_TRUE(diags.empty());
  EXPECT_EQ(p.ratingSmpFactor, 0.5);
  EXPECT_EQ(p.ratingCpuWeight, 0);
  EXPECT_EQ(p.ratingMemWeight, 1);
  EXPECT_FALSE(p.ratingDispatchDrop);
}

TEST(RatingParams, RefusesWeightsOutsideZeroToOneAndBadFlags) {
  ClusterParams p;
  std::vector<Diagnostic> diags;
  DiagSink sink("c", &diags);
  applyParam("RATING_CPU_WEIGHT", "1.5", 3, &p, sink);
  applyParam("RATING_MEM_WEIGHT", "-0.1", 4, &p, sink);
  applyParam("RATING_SMP_FACTOR", "x", 5, &p, sink);
  applyParam("RATING_DISPATCH_DROP", "maybe", 6, &p, sink);
  ASSERT_EQ(diags.size(), 4u);
  EXPECT_EQ(diags[0].toString(),
            "c:3: bad value <1.5> for RATING_CPU_WEIGHT: out of range (0 to 1)");
  EXPECT_EQ(diags[1].line, 4);
  EXPECT_EQ(diags[2].line, 5);
  EXPECT_EQ(diags[3].toString(), "c:6: bad value <maybe> for RATING_DISPATCH_DROP: want y or n");
  for (const auto& d : diags) EXPECT_EQ(d.severity, kE);
  EXPECT_EQ(p.ratingCpuWeight, 1.0);  // the previous values stay
  EXPECT_EQ(p.ratingMemWeight, 0.1);
  EXPECT_TRUE(p.ratingDispatchDrop);
}

// lsf.shared with the rating's static resources.
std::string sharedWithRatingResources() {
  std::string s = kShared;
  s.insert(s.find("End Resource"),
           "max_jobs      Numeric  ()        N           (MAX_JOBS)\n"
           "cpu_weight    Numeric  ()        N           (Rating CPU weight)\n"
           "mem_weight    Numeric  ()        N           (Rating memory weight)\n"
           "vups          Numeric  ()        N           (VUPS per CPU)\n"
           "ideal_load    Numeric  ()        Y           (PBS ideal load)\n"
           "max_load      Numeric  ()        Y           (PBS maximum load)\n");
  return s;
}

struct Loaded {
  ConfigLoad load;
  std::string cluster;
  int line(const std::string& marker) const { return lineOf(cluster, marker); }
  const HostConfig& host(const char* name) const { return *load.draft->findHost(name); }
};

Loaded loadHosts(const std::string& hostRows) {
  ConfigDir dir;
  dir.write("lsf.shared", sharedWithRatingResources());
  std::string cluster = "Begin Host\n" + hostRows + "End Host\n";
  dir.write("lsf.cluster.test", cluster);
  return {dir.load(), cluster};
}

TEST(HostLimits, ReadsColumnsAndStaticResources) {
  auto l = loadHosts(
      "HOSTNAME model   type    server MXJ ideal_load max_load RESOURCES\n"
      "hostA    Generic LINUX86 1      8   50         64       (cpu_weight=0.5 vups=120)\n"
      "hostB    Generic LINUX86 1      !   -          -        (max_jobs=3 mem_weight=0 "
      "ideal_load=2)\n"
      "hostC    Generic LINUX86 1      -   -          -        ()\n");
  EXPECT_TRUE(l.load.diagnostics.empty()) << dump(l.load);
  const HostConfig& a = l.host("hostA");
  EXPECT_EQ(a.maxJobs, 8);
  EXPECT_EQ(a.idealLoad, 50);
  EXPECT_EQ(a.maxLoad, 64);
  EXPECT_EQ(a.cpuWeight, 0.5);
  EXPECT_EQ(a.vups, 120);
  EXPECT_FALSE(a.memWeight);
  EXPECT_TRUE(a.thresholds.empty());  // MXJ and the loads are no busy thresholds
  const HostConfig& b = l.host("hostB");
  EXPECT_EQ(b.maxJobs, kMaxJobsPerCpu);
  EXPECT_EQ(b.memWeight, 0);
  EXPECT_EQ(b.idealLoad, 2);
  EXPECT_FALSE(b.maxLoad);
  const HostConfig& c = l.host("hostC");
  EXPECT_FALSE(c.maxJobs || c.idealLoad || c.maxLoad || c.cpuWeight || c.vups);
}

TEST(HostLimits, BadValuesAreWarningsAtTheirLineAndIgnored) {
  auto l = loadHosts(
      "HOSTNAME model   type    server MXJ ideal_load max_load RESOURCES\n"
      "hostA    Generic LINUX86 1      -2  -          -        (cpu_weight=1.5)\n"
      "hostB    Generic LINUX86 1      x   -1         -        (mem_weight=-0.2 vups=0)\n"
      "hostC    Generic LINUX86 1      -   -          -        (max_jobs=2.5)\n"
      "hostD    Generic LINUX86 1      -   -          -        (max_jobs=-1)\n");
  const int a = l.line("hostA"), b = l.line("hostB"), c = l.line("hostC"), d = l.line("hostD");
  auto has = [&](int line, const std::string& text) {
    return countDiag(l.load, "lsf.cluster.test", line, kW, text);
  };
  EXPECT_EQ(has(a, "bad MXJ <-2> for host <hostA> (want a whole number 0 or more, or !); ignored"),
            1);
  EXPECT_EQ(has(a, "bad cpu_weight <1.5> for host <hostA> (want 0 to 1); ignored"), 1);
  EXPECT_EQ(has(b, "bad MXJ <x> for host <hostB>"), 1);
  EXPECT_EQ(has(b, "bad ideal_load <-1> for host <hostB> (want a number 0 or more)"), 1);
  EXPECT_EQ(has(b, "bad mem_weight <-0.2> for host <hostB> (want 0 to 1)"), 1);
  EXPECT_EQ(has(b, "bad vups <0> for host <hostB> (want a number above 0)"), 1);
  EXPECT_EQ(has(c, "bad max_jobs <2.5> for host <hostC> (want a whole number 0 or more)"), 1);
  EXPECT_EQ(has(d, "bad max_jobs <-1> for host <hostD>"), 1);
  EXPECT_EQ(l.load.diagnostics.size(), 8u) << dump(l.load);
  EXPECT_EQ(l.load.errors(), 0);
  EXPECT_FALSE(l.host("hostA").maxJobs);
  EXPECT_FALSE(l.host("hostA").cpuWeight);
  EXPECT_EQ(l.host("hostA").numbers.count("cpu_weight"), 0u);  // nobody reads it
  EXPECT_FALSE(l.host("hostC").maxJobs);
}

TEST(HostLimits, NonNumericMaxJobsResourceIsReported) {
  auto l = loadHosts(
      "HOSTNAME model   type    server RESOURCES\n"
      "hostA    Generic LINUX86 1      (max_jobs=many)\n");
  EXPECT_ONLY_DIAG(l.load, "lsf.cluster.test", l.line("hostA"), kW,
                   "bad number <many> for <max_jobs>");
  EXPECT_FALSE(l.host("hostA").maxJobs);
}

TEST(HostLimits, IdealLoadAboveMaxLoadIsAWarningAndMaxLoadServesBoth) {
  auto l = loadHosts(
      "HOSTNAME model   type    server ideal_load max_load\n"
      "hostA    Generic LINUX86 1      70         64\n");
  EXPECT_ONLY_DIAG(l.load, "lsf.cluster.test", l.line("hostA"), kW,
                   "ideal_load <70> is above max_load <64> for host <hostA>; max_load used for "
                   "both");
  EXPECT_EQ(l.host("hostA").idealLoad, 64);
  EXPECT_EQ(l.host("hostA").maxLoad, 64);
}

TEST(HostLimits, AColumnWinsOverADisagreeingResource) {
  auto l = loadHosts(
      "HOSTNAME model   type    server MXJ RESOURCES\n"
      "hostA    Generic LINUX86 1      4   (max_jobs=6)\n");
  EXPECT_ONLY_DIAG(l.load, "lsf.cluster.test", l.line("hostA"), kW,
                   "MXJ <4> and resource max_jobs <6> disagree for host <hostA>; MXJ used");
  EXPECT_EQ(l.host("hostA").maxJobs, 4);
}

}  // namespace
}  // namespace openlim::testing
