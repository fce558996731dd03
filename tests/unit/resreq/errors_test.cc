// Malformed requests: every error names LSF's words, the 0-based offset and the token.
#include <gtest/gtest.h>

#include "fixture.h"

namespace openlim {
namespace {

struct ErrorCase {
  const char* text;
  Code code;
  int offset;
  const char* message;  // exact
};

void PrintTo(const ErrorCase& c, std::ostream* os) {
  *os << c.text;
}

class Errors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(Errors, AreRefusedWithPositionAndToken) {
  auto cfg = testing::makeConfig();
  const ErrorCase& c = GetParam();
  auto r = compileRequest(c.text, *cfg);
  ASSERT_FALSE(r) << c.text;
  EXPECT_EQ(r.status().code(), c.code) << c.text;
  EXPECT_EQ(r.status().pos().offset, c.offset) << c.text;
  EXPECT_EQ(r.status().message(), c.message) << c.text;
}

constexpr Code kBad = Code::kInvalid;
constexpr Code kName = Code::kNotFound;
#define SYN(text, pos, detail)                                                        \
  ErrorCase {                                                                         \
    text, kBad, pos, "Bad resource requirement syntax: " text " at " #pos ": " detail \
  }

INSTANTIATE_TEST_SUITE_P(
    Syntax, Errors,
    ::testing::Values(
        SYN("select[mem>]", 11, "expected a value after '>'"),
        SYN("select[()]", 8, "expected a value, found ')'"),
        SYN("select[mem>1", 12, "missing ']' to close the one at 6"),
        SYN("select[(mem>1]", 13, "unexpected ']', expected ')'"),
        SYN("select[mem>1 mem<2]", 13, "unexpected 'mem', expected ']'"),
        SYN("select[mem=1]", 10, "'=' is not an operator; use '=='"),
        SYN("mem=1", 3, "'=' is not an operator; use '=='"),
        SYN("select[mem%2]", 10, "unexpected character '%'"),
        SYN("select[mem>\x01]", 11, "unexpected character '\\x01'"),
        SYN("mem>1 foo", 6,
            "unexpected 'foo' outside a section (select, order, rusage, span, same)"),
        SYN("select[mem>1] junk", 14,
            "unexpected 'junk' outside a section (select, order, rusage, span, same)"),
        SYN("select[mem>1]]", 13,
            "unexpected ']' outside a section (select, order, rusage, span, same)"),
        SYN("select[osrel==\"bookworm]", 14, "unterminated string starting with \""),
        SYN("select[mem>2X]", 12, "unknown unit 'X' in '2X'"),
        SYN("select[ut<5G]", 11,
            "unit 'G' applies only to memory-like values (mem swp tmp maxmem maxswp maxtmp)"),
        SYN("select[ncpus>2G]", 14,
            "unit 'G' applies only to memory-like values (mem swp tmp maxmem maxswp maxtmp)"),
        SYN("select[1e999>1]", 7, "number '1e999' out of range"),
        SYN("select[defined(1)]", 15, "expected a resource name in defined(), found '1'"),
        SYN("select[defined(mem]", 18, "unexpected ']', expected ')'"),
        SYN("order[r15s:]", 11, "expected a resource name or '(' in order[], found ']'"),
        SYN("order[]", 6, "expected a resource name or '(' in order[], found ']'"),
        SYN("rusage[mem=1 || ]", 16, "expected name=value, found ']'"),
        SYN("rusage[mem=]", 11, "expected a value after '=', found ']'"),
        SYN("rusage[mem 1]", 11, "unexpected '1', expected ']'"),
        SYN("rusage[duration]", 7, "'duration' takes a value"),
        SYN("rusage[mem=1:decay]", 13, "'decay' takes a value"),
        SYN("rusage[mem:mem]", 11, "Resource <mem> appears twice in rusage[]"),
        SYN("span[hosts]", 10, "expected '=' after 'hosts', found ']'"),
        SYN("rusage[mem=2X]", 12, "unknown unit 'X'"),
        SYN("rusage[licenses=2G]", 17, "unit 'G' applies only to memory-like values"),
        SYN("span[hosts=1:ptile=2]", 0, "span[] takes hosts=1 or ptile=n, not both"),
        SYN("span[foo=1]", 5, "span[] takes hosts=1 or ptile=n, not 'foo'"),
        SYN("same[]", 5, "expected a resource name in same[], found ']'"),
        SYN("span[hosts=-]", 12, "expected a value after '=', found ']'"),
        SYN("span[hosts=-x]", 12, "expected a value after '=', found 'x'"),
        SYN("span[hosts=-1:hosts=1]", 14, "'hosts' given twice"),
        // Every other refusal of a well-formed but wrong request is a syntax error too, in
        // LSF's words (only unknown names and values have words of their own).
        SYN("select[mem>1] select[cs]", 14, "Section <select> appears twice"),
        SYN("mem>1 select[cs]", 6, "Section <select> appears twice"),
        SYN("order[r15s] order[pg]", 12, "Section <order> appears twice"),
        SYN("select[type<5]", 11, "String resource <type> cannot be compared with a number"),
        SYN("select[type+1>2]", 11, "String resource <type> cannot be used with '+'"),
        SYN("select['abc']", 7, "String \"abc\" must be compared with a value"),
        SYN("select[type]", 7, "String resource <type> must be compared with a value"),
        SYN("select[mem==\"x\"]", 7, "Numeric resource <mem> cannot be compared with a string"),
        SYN("order[type]", 6, "String resource <type> cannot be used as a number"),
        SYN("rusage[ncpus=1]", 7,
            "Resource <ncpus> cannot be reserved: rusage[] takes consumable numeric resources"),
        SYN("rusage[mem=1:mem=2]", 13, "Resource <mem> appears twice in rusage[]")));

INSTANTIATE_TEST_SUITE_P(
    Semantic, Errors,
    ::testing::Values(
        ErrorCase{"select[gpu_fre>1]", kName, 7, "Unknown resource name <gpu_fre> at 7"},
        ErrorCase{"cu[type:maxcus=2]", Code::kUnsupported, 0,
                  "Section <cu> at 0 is not supported: LIM does not do batch placement"},
        ErrorCase{"select[cs] affinity[core(1)]", Code::kUnsupported, 11,
                  "Section <affinity> at 11 is not supported: LIM does not do batch placement"},
        ErrorCase{"select[\"x\"==nosuch]", kName, 12, "Unknown resource name <nosuch> at 12"},
        ErrorCase{"order[nosuch]", kName, 6, "Unknown resource name <nosuch> at 6"},
        ErrorCase{"rusage[mem=abc]", kBad, 11,
                  "Unknown resource value <abc> for <mem> at 11: expected a number"},
        ErrorCase{"rusage[nosuch=1]", kName, 7, "Unknown resource name <nosuch> at 7"},
        ErrorCase{"rusage[mem=1:duration=5x]", kBad, 22,
                  "Unknown resource value <5x> for <duration> at 22: duration takes minutes, or "
                  "the suffix h or m"},
        ErrorCase{"rusage[mem=1:decay=2]", kBad, 19,
                  "Unknown resource value <2> for <decay> at 19: decay is 0 or 1"},
        ErrorCase{"span[hosts=2]", kBad, 11,
                  "Unknown resource value <2> for <hosts> at 11: span[hosts=] takes 1, or -1 "
                  "for no limit"},
        ErrorCase{"span[hosts=0]", kBad, 11,
                  "Unknown resource value <0> for <hosts> at 11: span[hosts=] takes 1, or -1 "
                  "for no limit"},
        ErrorCase{"span[hosts=-2]", kBad, 11,
                  "Unknown resource value <-2> for <hosts> at 11: span[hosts=] takes 1, or -1 "
                  "for no limit"},
        ErrorCase{"span[ptile=-1]", kBad, 11,
                  "Unknown resource value <-1> for <ptile> at 11: ptile is a positive slot count"},
        ErrorCase{"rusage[mem=-1]", kBad, 11,
                  "Unknown resource value <-1> for <mem> at 11: expected an amount of 0 or more"},
        ErrorCase{"rusage[mem=1:duration=-5]", kBad, 22,
                  "Unknown resource value <-5> for <duration> at 22: a duration is 0 or more"},
        ErrorCase{"rusage[mem=1:decay=-1]", kBad, 19,
                  "Unknown resource value <-1> for <decay> at 19: decay is 0 or 1"},
        ErrorCase{"select[type==SPARC]", kName, 13, "Unknown resource value <SPARC> at 13"},
        ErrorCase{"select[type!='SPARC']", kName, 13, "Unknown resource value <SPARC> at 13"},
        ErrorCase{"select[SPARC==type]", kName, 7, "Unknown resource value <SPARC> at 7"},
        ErrorCase{"select[\"Slow\"!=model]", kName, 7, "Unknown resource value <Slow> at 7"},
        ErrorCase{"select[model==generic]", kName, 14, "Unknown resource value <generic> at 14"},
        ErrorCase{"select[mem>1 && (type==LINUX86 || model==Nope)]", kName, 41,
                  "Unknown resource value <Nope> at 41"},
        // A bare word facing type is a value, even when it names a resource (as in LSF).
        ErrorCase{"select[type==osrel]", kName, 13, "Unknown resource value <osrel> at 13"},
        ErrorCase{"select[!(type==Sparc)]", kName, 15, "Unknown resource value <Sparc> at 15"},
        ErrorCase{"span[ptile=0]", kBad, 11,
                  "Unknown resource value <0> for <ptile> at 11: ptile is a positive slot count"},
        ErrorCase{"span[ptile=1.5]", kBad, 11,
                  "Unknown resource value <1.5> for <ptile> at 11: expected a whole number"},
        ErrorCase{"same[nosuch]", kName, 5, "Unknown resource name <nosuch> at 5"}));

// An unknown name is reported before any type error about the expression it sits in, and the
// first unknown name in the text wins, whichever section it is in.
INSTANTIATE_TEST_SUITE_P(
    UnknownNamesFirst, Errors,
    ::testing::Values(
        ErrorCase{"select[type<5 && nosuch>1]", kName, 17, "Unknown resource name <nosuch> at 17"},
        ErrorCase{"select[(type+nosuch)>1]", kName, 13, "Unknown resource name <nosuch> at 13"},
        ErrorCase{"select[mem>1 && type<5 || gpu_fre>1]", kName, 26,
                  "Unknown resource name <gpu_fre> at 26"},
        ErrorCase{"select[type] order[nosuch]", kName, 19, "Unknown resource name <nosuch> at 19"},
        ErrorCase{"order[type:nosuch]", kName, 11, "Unknown resource name <nosuch> at 11"},
        ErrorCase{"rusage[ncpus=1:nosuch=2]", kName, 15, "Unknown resource name <nosuch> at 15"},
        ErrorCase{"select[type<5] same[nosuch]", kName, 20, "Unknown resource name <nosuch> at 20"},
        ErrorCase{"select[osrel==x && defined(nosuch)]", kName, 27,
                  "Unknown resource name <nosuch> at 27"},
        ErrorCase{"select[nosuch2>1 && nosuch1>1]", kName, 7,
                  "Unknown resource name <nosuch2> at 7"}));

TEST(Errors, DeepNestingIsRefusedNotAStackOverflow) {
  auto cfg = testing::makeConfig();
  std::string deep = "select[" + std::string(5000, '(') + "mem>1" + std::string(5000, ')') + "]";
  auto r = compileRequest(deep, *cfg);
  ASSERT_FALSE(r);
  EXPECT_NE(r.status().message().find("nested too deeply"), std::string::npos);
  std::string nots = "select[" + std::string(5000, '!') + "cs]";
  EXPECT_FALSE(compileRequest(nots, *cfg));
}

TEST(Errors, EmptyAndSectionOnlyStringsAreValid) {
  auto cfg = testing::makeConfig();
  for (const char* ok :
       {"", "   ", "order[r15s]", "rusage[mem=2G || mem=1G:duration=10]", "span[ptile=2]",
        "same[type:model]", "select [mem>1]", "select[mem>1]order[-ut]", "span[hosts=-1]",
        "span[hosts=-1:ptile=2]", "rusage[mem=0]", "select[]", "select[ ]", "rusage[mem]",
        "rusage[mem:swp=1 || gpu_free]",
        // type/model take the cluster's names, any and local; others are free
        "type==MIPS && model!=Fast", "ALPHA==type", "type!=any", "model=='local'", "osrel==SPARC",
        "osrel!=\"any thing\""})
    EXPECT_TRUE(compileRequest(ok, *cfg)) << ok;
}

}  // namespace
}  // namespace openlim
