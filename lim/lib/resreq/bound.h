#pragma once
// Bound expression tree: names resolved to column slots, types checked, constants folded.
// Values are doubles: numbers as themselves, truths as 0/1, unknown as NaN.

#include <memory>
#include <string>
#include <string_view>

#include "openlim/config.h"
#include "openlim/resreq.h"
#include "openlim/status.h"
#include "resreq/ast.h"
#include "resreq/string_match.h"

namespace openlim::resreq {

enum class BKind {
  kConst,       // number or truth
  kStrConst,    // string literal (only under kStrCompare)
  kNumCol,      // numeric column
  kBoolCol,     // boolean column (0/1, never unknown)
  kRunQueue,    // r15s/r1m/r15m column read normalised
  kStrCol,      // string column (interned ids)
  kHostName,    // the host's name
  kStatus,      // the host's status name
  kDefined,     // defined(slot)
  kUnary,       // kNeg or kNot
  kBinary,      // arithmetic, numeric comparison, logical
  kStrCompare,  // comparison of two string operands
  kTruth,       // number -> truth (non-zero)
  // Policies (lim/lib/policy/policy_lower.cc) add these:
  kStrMatch,   // a (a string operand) matches `matcher`
  kAge,        // seconds since the host's last report (EvalEnv::now - reportedAt)
  kTimestamp,  // wall-clock time of the host's last report
  kJob,        // the request's job attribute number `slot` (EvalEnv::job; NaN = absent)
  kJobExists,  // whether the request carries job attribute `slot` (never unknown)
  kJobStr,     // the request's string job attribute `slot` (EvalEnv::jobText; "" = absent)
  kRating,     // the host rating (docs/rating.md), a built-in attribute named `rating`
};

enum class VType { kNum, kTruth, kStr };

struct BNode {
  BKind kind = BKind::kConst;
  VType type = VType::kNum;
  Op op = Op::kAdd;
  double value = 0;
  std::string str;  // literal, or the resource name of a column
  int slot = -1;
  bool memoryLike = false;
  bool nocase = false;     // kStrCompare: compare ignoring case (policies)
  StringMatchPtr matcher;  // kStrMatch
  std::unique_ptr<BNode> a, b;
};
using BNodePtr = std::unique_ptr<BNode>;

struct BindContext {
  const ConfigSnapshot& config;
  const CompileOptions& options;
  std::string_view text;  // the whole request, for messages
};

// Every resource name the request reads (select, order, rusage, same) is known; else
// "Unknown resource name <x> at <pos>" for the first one in the text. Runs before binding, so
// an unknown name is reported before any type error about the expression it sits in.
Status checkNames(const ParsedRequest& pr, const BindContext& ctx);
// A condition (select term): the result is a truth.
Result<BNodePtr> bindCondition(const Node& n, const BindContext& ctx);
// A number (order key).
Result<BNodePtr> bindNumber(const Node& n, const BindContext& ctx);
// True when `name` is the built-in rating: `rating` (any case) when the configuration has no
// resource of that name (a site's own `rating` resource wins).
bool isBuiltinRating(const std::string& name, const ConfigSnapshot& config);
// Resolves an alias: swap idle login cpu -> swp it ls r1m.
std::string canonicalName(const std::string& name);
// Size unit to MB factor; 0 when not a size unit (K KB M MB G GB T TB P PB, any case).
double sizeUnitFactor(std::string_view unit);
// True when the expression names `type` or any string or boolean resource.
bool namesStringOrBoolean(const Node& n, const ConfigSnapshot& config);

}  // namespace openlim::resreq
