// The Prometheus text format helpers: label values and HELP text escaped as the format
// requires, values in the format's spelling.
#include "format/prom_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace openlim::format {
namespace {

std::string label(std::string_view v) {
  std::string out;
  appendPromLabelValue(out, v);
  return out;
}

std::string value(double v) {
  std::string out;
  appendPromValue(out, v);
  return out;
}

TEST(PromText, LabelValuesEscapeBackslashQuoteAndNewline) {
  EXPECT_EQ(label("plain-host.example"), "plain-host.example");
  EXPECT_EQ(label(R"(a\b)"), R"(a\\b)");
  EXPECT_EQ(label(R"(say "hi")"), R"(say \"hi\")");
  EXPECT_EQ(label("two\nlines"), R"(two\nlines)");
  EXPECT_EQ(label("tab\tstays"), "tab\tstays");  // only the three are escaped
}

TEST(PromText, HelpEscapesBackslashAndNewlineButNotQuotes) {
  std::string out;
  appendPromHelp(out, "a \"quoted\" \\ word\nnext");
  EXPECT_EQ(out, R"(a "quoted" \\ word\nnext)");
}

TEST(PromText, ValuesUseTheFormatsSpelling) {
  EXPECT_EQ(value(0), "0");
  EXPECT_EQ(value(42), "42");
  EXPECT_EQ(value(-3), "-3");
  EXPECT_EQ(value(0.25), "0.25");
  EXPECT_EQ(value(1e300), "1e+300");
  EXPECT_EQ(value(0.0005), "0.0005");
  EXPECT_EQ(value(1.5e-9), "1.5e-09");
  EXPECT_EQ(value(std::nan("")), "NaN");
  EXPECT_EQ(value(std::numeric_limits<double>::infinity()), "+Inf");
  EXPECT_EQ(value(-std::numeric_limits<double>::infinity()), "-Inf");
  EXPECT_EQ(std::stod(value(0.1 + 0.2)), 0.1 + 0.2);  // reads back the same double
}

TEST(PromText, FamilyAndSamples) {
  std::string out;
  PromWriter w(out);
  w.family("openlim_x_total", "counter", "Things\nseen.");
  w.sample("openlim_x_total", 3);
  w.sample("openlim_x_total", {{"host", "h\"1"}, {"why", "a\\b"}}, 1.5);
  EXPECT_EQ(out,
            "# HELP openlim_x_total Things\\nseen.\n"
            "# TYPE openlim_x_total counter\n"
            "openlim_x_total 3\n"
            "openlim_x_total{host=\"h\\\"1\",why=\"a\\\\b\"} 1.5\n");
}

}  // namespace
}  // namespace openlim::format
