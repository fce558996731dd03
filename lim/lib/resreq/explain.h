#pragma once
// Explain helpers: how values read in messages ("mem=4096M", "r1m=0.5", "type=LINUX86").

#include <string>

#include "openlim/resreq.h"
#include "resreq/program.h"

namespace openlim::resreq {

// One value of one row, as the term read it (run queues normalised); "-" when unknown.
std::string formatValue(const EvalEnv& env, int slot, uint32_t row);
// "name=value name=value" for the slots a program reads.
std::string programValues(const TermProgram& p, const EvalEnv& env, uint32_t row);
// "status busy (r1m 3.9 > 3.5)".
std::string statusReason(const HostTable& t, uint32_t row);
// "%g" with at most `digits` significant digits.
std::string formatNumber(double v);

}  // namespace openlim::resreq
