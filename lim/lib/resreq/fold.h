#pragma once
// Constant folding while binding: each function takes bound children and returns either a
// folded constant or the operator node.

#include "resreq/bound.h"

namespace openlim::resreq {

BNodePtr makeConst(double value, VType type);
BNodePtr foldTruth(BNodePtr number);
BNodePtr foldUnary(Op op, BNodePtr a);
BNodePtr foldBinary(Op op, BNodePtr a, BNodePtr b);
// Handles type/model == any|local, then folds two literals.
BNodePtr foldStringCompare(Op op, BNodePtr a, BNodePtr b, const CompileOptions& options);

}  // namespace openlim::resreq
