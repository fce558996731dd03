#pragma once
// lsmon's choices and its keys (LSF's lsmon: ^L redraw, i interval, n number of hosts,
// N normalised / E effective run queues, R resource requirement, q quit). Pure: the shell
// reads a key, asks this what it means, and prompts for an answer when one is needed.

#include <string>
#include <vector>

#include "openlim/model.h"
#include "openlim/status.h"

namespace openlim::format {

// Bounds on what a prompt or option may set: a refresh at least once a day and a requirement
// no longer than a command line would carry.
inline constexpr int kMaxMonitorInterval = 86400;
inline constexpr size_t kMaxMonitorResreq = 4096;

struct MonitorSettings {
  LoadOptions load;  // run queue mode (N/E) and the -I indices
  std::string resreq;
  int numHosts = 0;                // -n; 0 = every host that fits
  int interval = 10;               // seconds between refreshes (-i)
  std::vector<std::string> hosts;  // host_name operands
};

enum class MonitorKey : unsigned char {
  kNone,        // a key lsmon does not use
  kQuit,        // q
  kRedraw,      // ^L: repaint the whole screen
  kInterval,    // i: prompt for a new interval
  kNumHosts,    // n: prompt for a new number of hosts
  kNormalised,  // N: normalised <-> raw run queues
  kEffective,   // E: effective <-> raw run queues
  kResreq,      // R: prompt for a new resource requirement
};

MonitorKey monitorKey(int ch);

// True when the key needs an answer typed by the user (i, n, R); the question to ask.
bool needsAnswer(MonitorKey key);
std::string promptFor(MonitorKey key);

// N and E: switches the mode; returns true when the shown values change.
bool applyToggle(MonitorSettings& s, MonitorKey key);

// The answer to i, n or R. An empty answer keeps the setting (ok); a bad one is kInvalid
// with the message to show, and leaves the settings as they were.
Status applyAnswer(MonitorSettings& s, MonitorKey key, const std::string& answer);

// The one-line help at the bottom of the screen.
std::string keyHelp();

}  // namespace openlim::format
