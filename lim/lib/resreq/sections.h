#pragma once
// Validation of the rusage[], span[] and same[] sections into their API form.

#include "openlim/resreq.h"
#include "resreq/ast.h"
#include "resreq/bound.h"

namespace openlim::resreq {

// rusage[name=value[:name=value]...[:duration=d][:decay=0|1] [|| ...]]
Status bindRusage(const ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r);
// span[hosts=1] | span[ptile=n]
Status bindSpan(const ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r);
// same[name[:name]...]
Status bindSame(const ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r);

}  // namespace openlim::resreq
