#pragma once
// How a policy orders the hosts that pass its constraints (evaluatePolicy's middle step):
// the rating worked out once per request, hosts rated 0 left out of a rating sort, PBS load
// balancing's bands, the insensitivity band's turn, and ordering only what the reply needs.
// Internal to lim/lib/policy; pure.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "openlim/host_table.h"
#include "placement/rating_table.h"
#include "policy/policy_eval.h"
#include "resreq/program.h"

namespace openlim::policy {

// What explain adds per host beyond constraints and sorts: lines (the rating's terms, the
// load-balancing band) and why a passing host was left out.
struct RowNotes {
  std::map<uint32_t, std::string> lines;
  std::map<uint32_t, std::string> leftOut;
};

// Every passing host's rating, once per request (per table row; rows not passing are left
// unset): the zero-rating filter, the sorts and the band all read it.
std::unique_ptr<double[]> rateOnce(const HostTable& t, const placement::RatingSetup& s,
                                   const double* jobs, const std::vector<uint32_t>& rows);

// A sort reading the rating never chooses a host rated 0 (at MAX_JOBS, or both weights 0);
// an unknown rating stays, sorted last like any unknown value. ratings: rateOnce's.
void dropRatedZero(const double* ratings, std::vector<uint32_t>& rows, RowNotes* notes);

// Orders the passing rows, cut to `limit` (0: all): by the sorts (with load balancing, by
// band and projected load first), and with a band its turn first (res.bandSize set). Only
// what the reply needs is ordered: the band's turn is found in one pass over the hosts, a
// count orders only its best (top-k selection), and a count of 1 with a band orders nothing.
// REQUIRES: env.rating set when res.loadBalancing (the hosts' load limits).
void orderPassing(const HostTable& t, const CompiledProgram& prog, const resreq::EvalEnv& env,
                  resreq::Evaluator& ev, const PolicyRequest& req, const std::string& policy,
                  size_t limit, PolicyResult& res, std::vector<uint32_t>& rows, RowNotes* nt);

}  // namespace openlim::policy
