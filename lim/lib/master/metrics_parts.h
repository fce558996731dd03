#pragma once
// The parts of the metrics writer (master/metrics.h), one file each.

#include <string>

#include "master/metrics.h"

namespace openlim::master {

// The cluster's hosts: status, load indices, value ages (metrics_hosts.cc).
void writeHosts(std::string& out, const HostTable& t);
// The master's reservations and quota usage; reserved slots per host from the table's
// reservedSlots (metrics_reservations.cc). `table` may be null.
void writeReservations(std::string& out, const ReservationMetrics& r, const HostTable* table);
// This lim's melim and the elims of its status line (metrics_elims.cc).
void writeMelim(std::string& out, const std::string& host, const MelimMetrics& m);

}  // namespace openlim::master
