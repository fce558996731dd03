#pragma once
// Host order (LSF's resource requirement rules): status group, then each key (unknown last), then
// name.

#include <cstdint>
#include <span>
#include <vector>

#include "openlim/host_table.h"
#include "resreq/program.h"

namespace openlim::resreq {

int statusGroup(HostStatus s);  // 0 ok; 1 busy lockU lockW; 2 unavail

// Order of key values ka/kb (nkeys each): < 0 when a sorts first, 0 when equal.
int keysCompare(const double* ka, const double* kb, const std::vector<uint8_t>& descending);

// Evaluates every key for rows sel[0..n): keys[i * nkeys + k].
void computeKeys(const CompiledProgram& prog, const EvalEnv& env, const uint32_t* sel, size_t n,
                 Evaluator& ev, std::vector<double>& keys);

// Sorts rows best first; only the first `limit` are guaranteed sorted (0 = all), the rest
// are dropped.
void orderRows(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& rows,
               size_t limit, Evaluator& ev);
// The same with leading columns compared before the program's keys, smaller first (unknown
// last): lead[j][i] belongs to rows[i]. PBS load balancing leads with band and projected load.
void orderRows(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& rows,
               size_t limit, Evaluator& ev, std::span<const std::vector<double>> lead);

// Narrows `sel` term by term; with failed != nullptr records the first failing term per row.
void narrow(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& sel,
            Evaluator& ev, std::vector<int16_t>* failed);

}  // namespace openlim::resreq
