// Bound tree -> register program (one fresh register per instruction; programs are tiny).
#include <algorithm>

#include "resreq/program.h"

namespace openlim::resreq {
namespace {

class Compiler {
 public:
  explicit Compiler(TermProgram& p) : p_(p) {}

  Operand operand(const BNode& n) {
    Operand o;
    switch (n.kind) {
      case BKind::kConst:
        o.kind = Operand::kConst, o.value = n.value;
        return o;
      case BKind::kNumCol:
        read(n.slot);
        o.kind = Operand::kNumCol, o.index = n.slot;
        return o;
      case BKind::kBoolCol:
        read(n.slot);
        o.kind = Operand::kBoolCol, o.index = n.slot;
        return o;
      default:
        break;
    }
    Instr in;
    in.op = n.op;
    switch (n.kind) {
      case BKind::kRunQueue:
        in.kind = Instr::kRunQueue, in.slot = n.slot;
        read(n.slot);
        break;
      case BKind::kDefined:
        in.kind = Instr::kDefined, in.slot = n.slot;
        read(n.slot);
        break;
      case BKind::kTruth:
        in.kind = Instr::kTruth, in.a = operand(*n.a);
        break;
      case BKind::kUnary:
        in.kind = Instr::kUnary, in.a = operand(*n.a);
        break;
      case BKind::kBinary:
        in.kind = Instr::kBinary, in.a = operand(*n.a), in.b = operand(*n.b);
        break;
      case BKind::kStrCompare:
        in.kind = Instr::kStrCompare, in.sa = strOperand(*n.a), in.sb = strOperand(*n.b);
        in.nocase = n.nocase;
        break;
      case BKind::kStrMatch:
        in.kind = Instr::kStrMatch, in.sa = strOperand(*n.a), in.matcher = n.matcher;
        break;
      case BKind::kAge:
      case BKind::kTimestamp:
        in.kind = n.kind == BKind::kAge ? Instr::kAge : Instr::kTimestamp;
        p_.readsAge = true;
        break;
      case BKind::kRating:
        in.kind = Instr::kRating;
        p_.readsRating = true;
        break;
      case BKind::kJob:
      case BKind::kJobExists:
        in.kind = n.kind == BKind::kJob ? Instr::kJob : Instr::kJobExists, in.slot = n.slot;
        break;
      default:
        break;  // string leaves only appear under kStrCompare
    }
    in.dst = p_.registers++;
    p_.code.push_back(std::move(in));
    o.kind = Operand::kReg;
    o.index = p_.code.back().dst;
    return o;
  }

 private:
  StrOperand strOperand(const BNode& n) {
    StrOperand s;
    switch (n.kind) {
      case BKind::kStrCol:
        s.kind = StrOperand::kColumn, s.slot = n.slot;
        read(n.slot);
        break;
      case BKind::kHostName:
        s.kind = StrOperand::kHostName, p_.readsHostName = true;
        break;
      case BKind::kStatus:
        s.kind = StrOperand::kStatus, p_.readsStatus = true;
        break;
      case BKind::kJobStr:
        s.kind = StrOperand::kJob, s.slot = n.slot;
        break;
      default:
        s.kind = StrOperand::kLiteral, s.literal = n.str;
        break;
    }
    return s;
  }
  void read(int slot) {
    if (std::find(p_.reads.begin(), p_.reads.end(), slot) == p_.reads.end())
      p_.reads.push_back(slot);
  }
  TermProgram& p_;
};

}  // namespace

TermProgram compileTerm(const BNode& root, std::string text) {
  TermProgram p;
  p.text = std::move(text);
  p.result = Compiler(p).operand(root);
  // The root writes straight into the caller's buffer (register 0).
  if (p.result.kind == Operand::kReg && !p.code.empty() && p.code.back().dst == p.result.index) {
    p.code.back().dst = 0;
    p.result.index = 0;
  }
  return p;
}

}  // namespace openlim::resreq
