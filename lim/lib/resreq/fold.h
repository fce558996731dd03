#pragma once
// Constant folding while binding: each function takes bound children and returns either a
// folded constant or the operator node.

#include "resreq/bound.h"

namespace openlim::resreq {

BNodePtr makeConst(double value, VType type);
// The leaves both binders make (resreq's and the policies' NLB expressions): a node of `kind`
// and `type`, every other field at its default; and the node that reads resource `def`'s
// column at `slot`, named after it: a string, boolean or number column, or the run queue for
// the built-in indices r15s r1m r15m (which the evaluator normalises).
BNodePtr makeLeaf(BKind kind, VType type);
BNodePtr columnLeaf(const ResourceDef& def, int slot);
BNodePtr foldTruth(BNodePtr number);
BNodePtr foldUnary(Op op, BNodePtr a);
BNodePtr foldBinary(Op op, BNodePtr a, BNodePtr b);
// Handles type/model == any|local, then folds two literals.
BNodePtr foldStringCompare(Op op, BNodePtr a, BNodePtr b, const CompileOptions& options);

}  // namespace openlim::resreq
