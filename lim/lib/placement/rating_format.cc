// Text for a rating's terms (see rating_format.h).
#include "placement/rating_format.h"

#include <cstdio>

namespace openlim::placement {

namespace {

// Up to 6 significant digits, no exponent below 1e15: ratings read as plain numbers.
std::string num(double v) {
  if (isUnknown(v)) return "-";
  char buf[40];
  snprintf(buf, sizeof buf, v < 1e15 && v > -1e15 ? "%.6g" : "%g", v);
  // %.6g turns 1234567 into 1.23457e+06: print whole numbers above that whole.
  if (v >= 1e6 && v < 1e15) snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

const char* relation(double count, double ncpus) {
  if (count > ncpus) return ">";
  if (count == ncpus) return "=";
  return "<";
}

std::string jobsText(const RatingInput& in) {
  if (isUnknown(in.maxJobs)) return "jobs " + num(in.jobs) + ", no MAX_JOBS";
  return "jobs " + num(in.jobs) + " of MAX_JOBS " + num(in.maxJobs);
}

std::string weights(const RatingInput& in) {
  return "weights cpu " + num(in.cpuWeight) + " mem " + num(in.memWeight);
}

std::string cpuText(const RatingTerms& t) {
  const RatingInput& in = t.in;
  if (in.cpuWeight == 0) return "CPU_rating 0 (weight 0)";
  if (isUnknown(t.cpuCalc)) return "CPU_rating unknown";
  return "Cpu_calc " + num(t.cpuCalc) + ": free CPU " + num(t.freeCpuPct) + "% x VUPS " +
         num(in.vups) + " x ncpus " + num(in.ncpus) + " x COM_FACTOR " + num(t.comFactor) +
         " [run queue " + num(t.computeCount) + " " + relation(t.computeCount, in.ncpus) +
         " ncpus " + num(in.ncpus) + "] + 3 x " + num(in.ncpus) + " x " + num(in.vups);
}

std::string memText(const RatingTerms& t) {
  const RatingInput& in = t.in;
  if (in.memWeight == 0) return "Memory_rating 0 (weight 0)";
  if (isUnknown(t.memRating)) return "Memory_rating unknown";
  return "Memory_rating " + num(t.memRating) + ": mem " + num(in.mem) + " of " + num(in.maxmem) +
         " MB x 10";
}

std::string details(const RatingTerms& t) {
  return "(" + cpuText(t) + "; " + memText(t) + "; " + weights(t.in) + "; " + jobsText(t.in) + ")";
}

}  // namespace

std::string formatRating(const RatingTerms& t) {
  switch (t.state) {
    case RatingState::kOff:
      return "rating 0: both weights 0, out of rating placement";
    case RatingState::kFull:
      return "rating 0: at MAX_JOBS " + details(t);
    case RatingState::kUnknown:
      return std::string("rating unknown: ") + (t.missing ? t.missing : "an input") + " unknown " +
             details(t);
    case RatingState::kRated:
      break;
  }
  return "rating " + num(t.total) + " = CPU_rating " + num(t.cpuRating) + " + Memory_rating " +
         num(t.memRating) + " " + details(t);
}

std::vector<std::pair<std::string, std::string>> ratingAttributes(const RatingTerms& t) {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&](const char* name, double v) {
    if (!isUnknown(v)) out.emplace_back(name, num(v));
  };
  add("RATING", t.total);
  if (t.in.cpuWeight != 0) {
    add("Cpu_calc", t.cpuCalc);
    add("COM_FACTOR", t.comFactor);
  }
  add("CPU_rating", t.cpuRating);
  add("Memory_rating", t.memRating);
  add("CPU_weight", t.in.cpuWeight);
  add("Memory_weight", t.in.memWeight);
  add("JOBS", t.in.jobs);
  add("MAX_JOBS", t.in.maxJobs);
  return out;
}

}  // namespace openlim::placement
