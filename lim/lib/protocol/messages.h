#pragma once
// Binary bodies of the lim-to-lim UDP frames (docs/protocol.md, "Load report" and
// "Election"). Every body starts with a body version byte and the sender's host name, which
// the MAC covers, so the replay window can be kept per sender.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::protocol {

inline constexpr uint8_t kBodyVersion = 1;

struct NumericValue {
  std::string name;
  double value = 0;  // NaN = unknown
  float age = 0;     // seconds since the value arrived (externals); NaN = not applicable
};

struct StringValue {
  std::string name;
  std::string value;
};

inline constexpr uint32_t kReportLocked = 1u;  // the host's lim holds a limlock

// One host's load vector; built-ins, static info (ncpus, maxmem, ...), externals and the
// shared instance values this host serves all travel as named values.
struct LoadReport {
  std::string host;
  std::string checksum;  // config checksum, for drift detection
  std::string master;    // who the sender believes is master
  uint32_t flags = 0;
  uint32_t lockSeconds = 0;  // remaining seconds of a timed lock; 0 = until unlocked
  uint16_t part = 0;         // a report too big for one datagram travels as parts 0..parts-1,
  uint16_t parts = 1;        // each complete in itself (values are absolute)
  std::vector<NumericValue> numbers;
  std::vector<StringValue> strings;
};

// Splits into as many bodies as needed so each stays <= maxBody bytes (names over 255 bytes
// and string values over 65535 are truncated; such names are invalid in config anyway).
std::vector<std::string> encodeLoadReport(const LoadReport& r, size_t maxBody);
Result<LoadReport> decodeLoadReport(std::string_view body);

// Heartbeat (kind 4), probe (kind 5) and probe reply (kind 6) share one body.
struct Announce {
  std::string sender;
  bool claimsMaster = false;
  std::string master;  // the sender's view of the master ("" = none)
  // Master -> one host only: the dynamic shared resources that host serves now (its
  // LSF_RESOURCES beyond its [default] ones). Optional trailing field: u16 count, str8s.
  std::vector<std::string> serves;
};
std::string encodeAnnounce(const Announce& a);
Result<Announce> decodeAnnounce(std::string_view body);

}  // namespace openlim::protocol
