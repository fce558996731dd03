// The rating formula, worked by hand for three hosts (one per COM_FACTOR case), MAX_JOBS,
// weights of 0 and unknown inputs.
#include "placement/rating.h"

#include <gtest/gtest.h>

#include "placement/rating_format.h"

namespace openlim::placement {
namespace {

constexpr double kSmp = 0.2;

// 4 CPUs, 25% busy, run queue 1.4 -> 1 < 4: COM_FACTOR 1.5.
RatingInput hostA() {
  return {.ut = 0.25,
          .r15s = 1.4,
          .mem = 8000,
          .maxmem = 16000,
          .ncpus = 4,
          .vups = 100,
          .cpuWeight = 1,
          .memWeight = 0.1};
}
// 2 CPUs, half busy, run queue 1.6 -> 2 == 2: COM_FACTOR 1.0.
RatingInput hostB() {
  return {.ut = 0.5,
          .r15s = 1.6,
          .mem = 1000,
          .maxmem = 4000,
          .ncpus = 2,
          .vups = 50,
          .cpuWeight = 0.5,
          .memWeight = 1};
}
// 1 CPU, 90% busy, run queue 2.5 -> 3 > 1: COM_FACTOR 0.5.
RatingInput hostC() {
  return {.ut = 0.9,
          .r15s = 2.5,
          .mem = 500,
          .maxmem = 2000,
          .ncpus = 1,
          .vups = 200,
          .cpuWeight = 1,
          .memWeight = 0.5};
}

TEST(Rating, FewerComputeProcessesThanCpusGivesComFactorOneAndAHalf) {
  RatingTerms t = rateHost(hostA(), kSmp);
  ASSERT_EQ(t.state, RatingState::kRated);
  EXPECT_DOUBLE_EQ(t.freeCpuPct, 75);
  EXPECT_EQ(t.computeCount, 1);
  EXPECT_EQ(t.comFactor, 1.5);
  // Cpu_calc = 75 x 100 x 4 x 1.5 + 3 x 4 x 100 = 45000 + 1200
  EXPECT_DOUBLE_EQ(t.cpuCalc, 46200);
  // CPU_rating = 46200 x 1 x (1 + 3 x 0.2) / 4
  EXPECT_DOUBLE_EQ(t.cpuRating, 18480);
  // Memory_rating = (8000 / 16000) x 16000 x 10 x 0.1
  EXPECT_DOUBLE_EQ(t.memRating, 8000);
  EXPECT_DOUBLE_EQ(t.total, 26480);
}

TEST(Rating, AsManyComputeProcessesAsCpusGivesComFactorOne) {
  RatingTerms t = rateHost(hostB(), kSmp);
  ASSERT_EQ(t.state, RatingState::kRated);
  EXPECT_EQ(t.computeCount, 2);
  EXPECT_EQ(t.comFactor, 1.0);
  // Cpu_calc = 50 x 50 x 2 x 1.0 + 3 x 2 x 50 = 5000 + 300
  EXPECT_DOUBLE_EQ(t.cpuCalc, 5300);
  // CPU_rating = 5300 x 0.5 x (1 + 1 x 0.2) / 2
  EXPECT_DOUBLE_EQ(t.cpuRating, 1590);
  // Memory_rating = (1000 / 4000) x 4000 x 10 x 1
  EXPECT_DOUBLE_EQ(t.memRating, 10000);
  EXPECT_DOUBLE_EQ(t.total, 11590);
}

TEST(Rating, MoreComputeProcessesThanCpusGivesComFactorOneHalf) {
  RatingTerms t = rateHost(hostC(), kSmp);
  ASSERT_EQ(t.state, RatingState::kRated);
  EXPECT_EQ(t.computeCount, 3);  // 2.5 rounds to 3
  EXPECT_EQ(t.comFactor, 0.5);
  // Cpu_calc = 10 x 200 x 1 x 0.5 + 3 x 1 x 200 = 1000 + 600
  EXPECT_NEAR(t.cpuCalc, 1600, 1e-9);
  // CPU_rating = 1600 x 1 x (1 + 0 x 0.2) / 1
  EXPECT_NEAR(t.cpuRating, 1600, 1e-9);
  // Memory_rating = (500 / 2000) x 2000 x 10 x 0.5
  EXPECT_DOUBLE_EQ(t.memRating, 2500);
  EXPECT_NEAR(t.total, 4100, 1e-9);
}

TEST(Rating, TheSmpFactorIsAParameter) {
  // CPU_rating = 46200 x (1 + 3 x 0.5) / 4 = 28875
  EXPECT_DOUBLE_EQ(rateHost(hostA(), 0.5).cpuRating, 28875);
  EXPECT_DOUBLE_EQ(rateHost(hostA(), 0).cpuRating, 11550);
}

TEST(Rating, AHostAtMaxJobsRatesZeroAndOneBelowRatesNormally) {
  RatingInput in = hostA();
  in.maxJobs = 4;
  in.jobs = 3;
  EXPECT_EQ(rateHost(in, kSmp).state, RatingState::kRated);
  EXPECT_DOUBLE_EQ(rateHost(in, kSmp).total, 26480);
  in.jobs = 4;
  RatingTerms t = rateHost(in, kSmp);
  EXPECT_EQ(t.state, RatingState::kFull);
  EXPECT_EQ(t.total, 0);
  EXPECT_DOUBLE_EQ(t.cpuCalc, 46200);  // still shown by explain
  in.jobs = 7;
  EXPECT_EQ(rateHost(in, kSmp).state, RatingState::kFull);
  in.maxJobs = 0;  // MAX_JOBS 0 closes the host
  in.jobs = 0;
  EXPECT_EQ(rateHost(in, kSmp).total, 0);
}

TEST(Rating, BothWeightsZeroTakeTheHostOut) {
  RatingInput in = hostB();
  in.cpuWeight = 0;
  in.memWeight = 0;
  RatingTerms t = rateHost(in, kSmp);
  EXPECT_EQ(t.state, RatingState::kOff);
  EXPECT_EQ(t.total, 0);
}

TEST(Rating, AZeroWeightDropsItsTermAndNeedsNoneOfItsInputs) {
  RatingInput in = hostB();
  in.cpuWeight = 0;
  in.ut = kUnknown;
  RatingTerms t = rateHost(in, kSmp);
  ASSERT_EQ(t.state, RatingState::kRated);
  EXPECT_EQ(t.cpuRating, 0);
  EXPECT_DOUBLE_EQ(t.total, 10000);
  in = hostB();
  in.memWeight = 0;
  in.mem = kUnknown;
  EXPECT_DOUBLE_EQ(rateHost(in, kSmp).total, 1590);
}

TEST(Rating, AnUnknownInputMakesTheRatingUnknownAndNamesIt) {
  for (auto [field, name] : {std::pair{&RatingInput::ut, "ut"},
                             {&RatingInput::r15s, "r15s"},
                             {&RatingInput::vups, "vups"},
                             {&RatingInput::ncpus, "ncpus"},
                             {&RatingInput::mem, "mem"},
                             {&RatingInput::maxmem, "maxmem"},
                             {&RatingInput::cpuWeight, "cpu_weight"}}) {
    RatingInput in = hostA();
    in.*field = kUnknown;
    RatingTerms t = rateHost(in, kSmp);
    EXPECT_EQ(t.state, RatingState::kUnknown) << name;
    EXPECT_TRUE(isUnknown(t.total)) << name;
    EXPECT_STREQ(t.missing, name);
  }
  RatingInput in = hostA();
  in.maxJobs = 2;
  in.jobs = kUnknown;
  EXPECT_EQ(rateHost(in, kSmp).state, RatingState::kUnknown);
}

TEST(Rating, OverloadedValuesCountAsNothingFree) {
  RatingInput in = hostA();
  in.ut = 1.3;    // a placement adjustment on top of a busy host
  in.mem = -200;  // the same for memory
  RatingTerms t = rateHost(in, kSmp);
  EXPECT_EQ(t.freeCpuPct, 0);
  EXPECT_EQ(t.memRating, 0);
  EXPECT_DOUBLE_EQ(t.cpuCalc, 1200);  // only 3 x ncpus x VUPS is left
}

TEST(Rating, TheHighestRatedHostComesFirst) {
  double a = rateHost(hostA(), kSmp).total, b = rateHost(hostB(), kSmp).total,
         c = rateHost(hostC(), kSmp).total;
  EXPECT_GT(a, b);
  EXPECT_GT(b, c);
}

// The one-pass total used over large tables is the same formula as the terms.
TEST(Rating, TheTotalAloneEqualsTheTermsTotal) {
  const double u = kUnknown;
  int compared = 0;
  for (double ut : {u, -0.1, 0.0, 0.37, 1.0, 1.4})
    for (double r15s : {u, 0.4, 1.5, 3.0, 9.7})
      for (double ncpus : {u, 0.0, 1.0, 3.0, 8.0})
        for (double mem : {u, -5.0, 0.0, 700.0, 5000.0})
          for (double cw : {u, 0.0, 0.6})
            for (double mw : {0.0, 0.3})
              for (double maxJobs : {u, 0.0, 2.0})
                for (double jobs : {u, 1.0, 2.0}) {
                  RatingInput in{.ut = ut,
                                 .r15s = r15s,
                                 .mem = mem,
                                 .maxmem = 4000,
                                 .ncpus = ncpus,
                                 .vups = 75,
                                 .cpuWeight = cw,
                                 .memWeight = mw,
                                 .maxJobs = maxJobs,
                                 .jobs = jobs};
                  double a = rateHost(in, kSmp).total, b = ratingTotal(in, kSmp);
                  ASSERT_TRUE((isUnknown(a) && isUnknown(b)) || a == b)
                      << a << " vs " << b << " ut " << ut << " r15s " << r15s << " ncpus " << ncpus
                      << " mem " << mem << " cw " << cw << " mw " << mw;
                  ++compared;
                }
  EXPECT_GT(compared, 10000);
}

TEST(RatingFormat, ShowsEveryTerm) {
  RatingInput in = hostA();
  in.maxJobs = 8;
  in.jobs = 2;
  EXPECT_EQ(formatRating(rateHost(in, kSmp)),
            "rating 26480 = CPU_rating 18480 + Memory_rating 8000 (Cpu_calc 46200: free CPU 75% "
            "x VUPS 100 x ncpus 4 x COM_FACTOR 1.5 [run queue 1 < ncpus 4] + 3 x 4 x 100; "
            "Memory_rating 8000: mem 8000 of 16000 MB x 10; weights cpu 1 mem 0.1; jobs 2 of "
            "MAX_JOBS 8)");
}

TEST(RatingFormat, SaysWhyARatingIsZeroOrUnknown) {
  RatingInput in = hostB();
  in.maxJobs = 2;
  in.jobs = 2;
  EXPECT_EQ(formatRating(rateHost(in, kSmp)).rfind("rating 0: at MAX_JOBS (", 0), 0u);
  EXPECT_NE(formatRating(rateHost(in, kSmp)).find("jobs 2 of MAX_JOBS 2"), std::string::npos);
  in = hostB();
  in.cpuWeight = in.memWeight = 0;
  EXPECT_EQ(formatRating(rateHost(in, kSmp)), "rating 0: both weights 0, out of rating placement");
  in = hostB();
  in.mem = kUnknown;
  EXPECT_EQ(formatRating(rateHost(in, kSmp)).rfind("rating unknown: mem unknown (", 0), 0u);
  EXPECT_NE(formatRating(rateHost(in, kSmp)).find("Memory_rating unknown"), std::string::npos);
}

TEST(RatingFormat, AttributesNameEachTermForTheObjectDataFormat) {
  RatingInput in = hostA();
  in.maxJobs = 8;
  in.jobs = 2;
  using Attrs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(ratingAttributes(rateHost(in, kSmp)), (Attrs{{"RATING", "26480"},
                                                         {"Cpu_calc", "46200"},
                                                         {"COM_FACTOR", "1.5"},
                                                         {"CPU_rating", "18480"},
                                                         {"Memory_rating", "8000"},
                                                         {"CPU_weight", "1"},
                                                         {"Memory_weight", "0.1"},
                                                         {"JOBS", "2"},
                                                         {"MAX_JOBS", "8"}}));
  // Unknown terms and no MAX_JOBS are left out; a CPU weight of 0 has no CPU terms.
  in = hostA();
  in.mem = kUnknown;
  in.cpuWeight = 0;
  EXPECT_EQ(
      ratingAttributes(rateHost(in, kSmp)),
      (Attrs{{"CPU_rating", "0"}, {"CPU_weight", "0"}, {"Memory_weight", "0.1"}, {"JOBS", "0"}}));
}

}  // namespace
}  // namespace openlim::placement
