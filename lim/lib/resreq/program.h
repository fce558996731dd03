#pragma once
// Compiled select terms and order keys: a short register program per term, run over a
// selection vector of rows (one pass per instruction, columns read by gather). Register 0 is
// the caller's output buffer.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "openlim/host_table.h"
#include "placement/rating_table.h"
#include "resreq/ast.h"
#include "resreq/bound.h"

namespace openlim {

namespace resreq {

struct Operand {
  enum Kind : uint8_t { kReg, kConst, kNumCol, kBoolCol };
  Kind kind = kConst;
  int index = 0;  // register or column slot
  double value = 0;
};

struct StrOperand {
  enum Kind : uint8_t { kLiteral, kColumn, kHostName, kStatus, kJob };  // kJob: EvalEnv::jobText
  Kind kind = kLiteral;
  int slot = -1;
  std::string literal;
};

struct Instr {
  enum Kind : uint8_t {
    kBinary,
    kUnary,
    kTruth,
    kRunQueue,
    kStrCompare,
    kDefined,
    kStrMatch,   // sa matches `matcher`
    kAge,        // EvalEnv::now - reportedAt
    kTimestamp,  // EvalEnv::wallNow - (EvalEnv::now - reportedAt)
    kJob,        // EvalEnv::job[slot]
    kJobExists,  // EvalEnv::job[slot] is known
    kRating,     // the host rating (EvalEnv::rating, EvalEnv::reservedSlots)
  };
  Kind kind = kBinary;
  Op op = Op::kAdd;
  int dst = 0;
  Operand a, b;
  StrOperand sa, sb;
  int slot = -1;           // kRunQueue, kDefined, kJob, kJobExists
  bool nocase = false;     // kStrCompare ignoring case
  StringMatchPtr matcher;  // kStrMatch
};

struct TermProgram {
  std::vector<Instr> code;
  Operand result;
  int registers = 1;
  std::vector<int> reads;  // column slots read, in first-use order (explain)
  bool readsHostName = false, readsStatus = false, readsAge = false, readsRating = false;
  std::string text;  // as written
};

// Compiles a bound tree.
TermProgram compileTerm(const BNode& root, std::string text);

// Column `slot` when the table fills it with values of `type` for every row, else nullptr
// (the evaluator reads such a column as unknown; booleans as false).
const Column* filledColumn(const HostTable& t, int slot, ResourceType type);

// Where run queues find ncpus and cpuf, and the cluster's largest cpuf.
struct EvalEnv {
  const HostTable* table = nullptr;
  int ncpusSlot = -1;
  int cpufSlot = -1;
  double maxCpuf = 1;
  // For policies: `now` on the clock of HostTable::reportedAt, the wall-clock time at that
  // moment (epoch seconds), and the request's job attribute values (NaN = absent).
  double now = __builtin_nan("");
  double wallNow = __builtin_nan("");
  const double* job = nullptr;
  size_t jobCount = 0;
  // The request's string job attributes by the same slots (JOB_REQNAME; "" = absent).
  const std::string* jobText = nullptr;
  size_t jobTextCount = 0;
  // The rating: the per-row setup of the table's layout (a RatingSetupCache's, built once per
  // configuration); null: the Evaluator builds one itself and keeps it while the layout
  // stays. reservedSlots, per table row: the slots reservations hold on the host, its current
  // jobs where it reports none (placement::currentJobs), which MAX_JOBS limits; null: the
  // table's own (HostTable::reservedSlots).
  const placement::RatingSetup* rating = nullptr;
  const double* reservedSlots = nullptr;
  // ratings, per table row: every host's rating worked out once for this request (a policy
  // rates its passing hosts once and reads them again for its sorts and its band); null:
  // rated here. REQUIRES: set for every row the program is run on.
  const double* ratings = nullptr;
};

// Scratch registers, reused between calls (one per caller; not thread-safe).
class Evaluator {
 public:
  // Writes the value of `p` for rows sel[0..n) into out[0..n).
  void run(const TermProgram& p, const EvalEnv& env, const uint32_t* sel, size_t n, double* out);
  // An uninitialised buffer of at least n doubles, kept until the next scratch() call.
  double* scratch(size_t n) { return grow(scratch_, n); }

 private:
  struct Buffer {  // not value-initialised: every use writes before it reads
    std::unique_ptr<double[]> data;
    size_t size = 0;
  };
  static double* grow(Buffer& b, size_t n);
  void rate(const EvalEnv& env, const uint32_t* sel, size_t n, double* out);
  std::vector<Buffer> regs_;
  placement::RatingSetupCache ratingSetups_;  // when the env brings no setup
  Buffer scratch_;
};

// Fast paths of narrowing by one select term for its commonest shapes, `column op constant`
// and `runqueue op constant`: evaluate, compare and compact in one pass over `sel`. False
// (sel untouched) when the term has another shape.
bool narrowFast(const TermProgram& p, const EvalEnv& env, std::vector<uint32_t>& sel);

}  // namespace resreq

class CompiledProgram {
 public:
  std::vector<resreq::TermProgram> terms;  // top-level && terms of select
  std::vector<resreq::TermProgram> keys;   // order keys
  std::vector<uint8_t> descending;         // per key
  int ncpusSlot = -1, cpufSlot = -1;
  resreq::EvalEnv env(const HostTable& t) const;
};

}  // namespace openlim
