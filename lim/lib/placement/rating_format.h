#pragma once
// One line of text for a host's rating and its terms: what explain and `lspolicy -d` show.

#include <string>
#include <utility>
#include <vector>

#include "placement/rating.h"

namespace openlim::placement {

// "rating 1234 = CPU_rating 1100 + Memory_rating 134 (Cpu_calc 15300: free CPU 100% x
// VUPS 100 x ncpus 1 x COM_FACTOR 1.5 [run queue 0 < ncpus 1] + 3 x 1 x 100; weights cpu 1
// mem 0.1; jobs 0 of MAX_JOBS 4)", or why the rating is 0 or unknown.
std::string formatRating(const RatingTerms& t);

// The terms as attributes of NLB's object data format (`lspolicy -d`), in the formula's
// names: RATING, Cpu_calc, COM_FACTOR, CPU_rating, Memory_rating, CPU_weight, Memory_weight,
// JOBS and MAX_JOBS. A term that is not known is left out, as an attribute a host lacks;
// MAX_JOBS is left out when the host has no limit.
std::vector<std::pair<std::string, std::string>> ratingAttributes(const RatingTerms& t);

}  // namespace openlim::placement
