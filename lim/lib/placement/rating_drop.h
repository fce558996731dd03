#pragma once
// The rating drop on dispatch (docs/rating.md): a placement lowers the placed host's rating
// at once, and the rating comes back as the master's placement load adjustment decays. Every
// placement already adds 1 per slot to the run queues (the rating's compute process count);
// these deltas carry the rest of what the rating reads.

#include <cstdint>
#include <vector>

#include "openlim/host_table.h"
#include "openlim/load_adjust.h"

namespace openlim::placement {

// What `slots` slots placed on `row` add besides the run queues: ut rises by slots / ncpus
// (a job keeps one CPU busy), and mem falls by slots x maxmem / ncpus (a job's share of the
// host's memory) unless the request reserves memory itself (`rusageMem`: then its rusage
// amount is the drop). Empty when RATING_DISPATCH_DROP is off, and a delta is left out when
// what it needs (ncpus, maxmem) is unknown.
std::vector<LoadDelta> ratingDropDeltas(const HostTable& t, uint32_t row, int slots,
                                        bool rusageMem);

}  // namespace openlim::placement
