#pragma once
// The parts of the metrics writer (master/metrics.h), one file each. The per-host sections
// are written a row at a time, so a MetricsCursor can stop between any two hosts.

#include <string>
#include <vector>

#include "master/metrics.h"

namespace openlim::master {

// --- the lim's own part (metrics.cc) ---
void writeLimPart(std::string& out, const MetricsInput& in, double loopAge);

// --- the cluster's hosts: status, load indices, value ages (metrics_hosts.cc) ---
// What every row of the load and age sections needs, worked out once per body.
struct HostColumns {
  explicit HostColumns(const HostTable& t);
  std::vector<size_t> cols;               // the load indices' columns
  std::vector<std::string> escapedNames;  // their names, escaped as label values
};
void writeHostsHead(std::string& out, const HostTable& t);  // the count, the status family
void writeStatusRow(std::string& out, const HostTable& t, size_t row);
void writeLoadHead(std::string& out);
void writeLoadRow(std::string& out, const HostTable& t, const HostColumns& c, size_t row);
void writeAgesHead(std::string& out);
void writeAgeRow(std::string& out, const HostTable& t, const HostColumns& c, size_t row);

// --- the master's reservations and quota usage (metrics_reservations.cc) ---
// The counters and, with a table, the reserved-slots family's head.
void writeReservationsHead(std::string& out, const ReservationMetrics& r, const HostTable* t);
// The host's reserved slots (nothing written when it holds none); returns them.
int writeReservedSlotRow(std::string& out, const HostTable& t, size_t row);
// The cluster's reserved slots (with a table) and the quota rows. `table` may be null.
void writeReservationsTail(std::string& out, const ReservationMetrics& r, const HostTable* table,
                           double reservedSlots);

// --- this lim's melim and the elims of its status line (metrics_elims.cc) ---
void writeMelim(std::string& out, const std::string& host, const MelimMetrics& m);

}  // namespace openlim::master
