// LSF's error number for a client Status comes from its code and subcode alone: the same
// number whatever the message says, and a message that reads like another case changes
// nothing. Every pairing below gives a message that would have misled a reading of the text.
#include <gtest/gtest.h>

#include "lsf/lsf.h"
#include "lsf_session.h"

namespace {

using openlim::Code;
using openlim::Status;
using openlim::Subcode;
using openlim::lsf::errorNumberOf;

struct Case {
  Code code;
  Subcode subcode;
  const char* message;
  int expected;
};

TEST(LsfErrors, EachSubcodeNamesItsNumberWhateverTheMessage) {
  const Case kCases[] = {
      {Code::kNotFound, Subcode::kUnknownHost, "Host <x> is not used by the cluster", LSE_BAD_HOST},
      {Code::kNotFound, Subcode::kUnknownHost, "Unknown resource name <x> at 7", LSE_BAD_HOST},
      {Code::kInvalid, Subcode::kBadHostName, "\"hosts\" must be an array of strings",
       LSE_BAD_HOST},
      {Code::kNotFound, Subcode::kUnknownResourceName, "Ressource inconnue <x>", LSE_UNKWN_RESNAME},
      {Code::kInvalid, Subcode::kUnknownResourceName, "x: Unknown host", LSE_UNKWN_RESNAME},
      {Code::kNotFound, Subcode::kUnknownResourceValue, "Not enough host(s) currently eligible",
       LSE_UNKWN_RESVALUE},
      {Code::kInvalid, Subcode::kUnknownResourceValue, "bad value", LSE_UNKWN_RESVALUE},
      {Code::kUnavailable, Subcode::kMasterUnknown, "LIM is down; try later", LSE_MASTR_UNKNW},
      {Code::kNotFound, Subcode::kLocalHostUnknown, "Unknown host", LSE_LIM_BADHOST},
      {Code::kInvalid, Subcode::kRequestTooLarge, "Unknown resource name <x> at 7", LSE_BAD_ARGS},
  };
  for (const auto& c : kCases)
    EXPECT_EQ(errorNumberOf(Status(c.code, c.subcode, c.message)), c.expected) << c.message;
}

// Without a subcode the code alone decides, even when the words are another case's.
TEST(LsfErrors, WithoutASubcodeTheCodeDecidesWhateverTheWords) {
  const Case kCases[] = {
      {Code::kUnavailable, Subcode::kNone, "Cannot locate master LIM now, try later", LSE_LIM_DOWN},
      {Code::kInvalid, Subcode::kNone, "Bad resource requirement syntax: select[host name] at 12",
       LSE_BAD_EXP},
      {Code::kInvalid, Subcode::kNone, "Unknown resource name <x> at 7", LSE_BAD_EXP},
      {Code::kInvalid, Subcode::kNone, "request too large: 5000000 bytes", LSE_BAD_EXP},
      {Code::kUnsupported, Subcode::kNone, "Unknown resource value <x>", LSE_BAD_EXP},
      {Code::kNotFound, Subcode::kNone, "x: Unknown host", LSE_NO_HOST},
      {Code::kNotFound, Subcode::kNone, "the local host <x> is not a cluster host", LSE_NO_HOST},
      {Code::kNotEligible, Subcode::kNone, "Unknown resource name <x>", LSE_NO_HOST},
      {Code::kDenied, Subcode::kNone, "Unknown host", LSE_LIM_DENIED},
      {Code::kIo, Subcode::kNone, "host name", LSE_LSFCONF},
      {Code::kInternal, Subcode::kNone, "master LIM", LSE_PROTOC_LIM},
  };
  for (const auto& c : kCases)
    EXPECT_EQ(errorNumberOf(Status(c.code, c.subcode, c.message)), c.expected) << c.message;
  EXPECT_EQ(errorNumberOf(Status::ok()), LSE_NO_ERR);
}

}  // namespace
