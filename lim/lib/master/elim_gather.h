#pragma once
// An elimstatus gather: the entries of several hosts' lims, collected while the lim's loop
// goes on serving. The shell asks the other lims over non-blocking connections (a few at a
// time, nextToAsk) and hands each answer or failure in; the reply is complete when every
// host has an entry, the ones that did not answer in time marked down. Pure: no sockets, no
// clock (the shell compares deadline() with its `now`).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "format/json.h"
#include "openlim/config.h"
#include "openlim/status.h"

namespace openlim::master {

// Seconds one gather may take: at most 5, and half the time after which the other lims
// would declare the master dead, so a slow gather can never be mistaken for a dead master.
double elimGatherBudget(const ClusterParams& p);
// Seconds one host's lim gets to answer: 0.5 s to connect plus 1 s for the reply, as a small
// LSF_API_CONNTIMEOUT/LSF_API_RECVTIMEOUT would give.
inline constexpr double kElimAskSeconds = 1.5;

// The entry of a host that gave no answer: the text the command shows, and why.
format::Json elimDownEntry(const std::string& host, const std::string& why);
// The entry for `host` from its lim's reply body, or the error that ended the request.
format::Json elimRemoteEntry(const std::string& host, const Result<std::string>& reply);

class ElimGather {
 public:
  static constexpr size_t kMaxInFlight = 32;  // sub-requests open at once per gather

  ElimGather(std::vector<std::string> hosts, double deadline);
  size_t size() const { return hosts_.size(); }
  const std::string& host(size_t i) const { return hosts_[i]; }
  double deadline() const { return deadline_; }

  // The first entry set for a host wins; later ones are ignored.
  void set(size_t i, format::Json entry);
  // The next host without an entry to ask, if fewer than kMaxInFlight are being asked.
  std::optional<size_t> nextToAsk();
  // Marks every host still without an entry down with `why` (the deadline passed).
  void expire(const std::string& why);
  bool complete() const { return done_ == hosts_.size(); }
  // {"hosts":[...],"ok":true}, hosts in the order given. REQUIRES: complete().
  format::Json result() const;

 private:
  std::vector<std::string> hosts_;
  std::vector<std::optional<format::Json>> entries_;
  std::vector<bool> asked_;
  double deadline_;
  size_t next_ = 0;
  size_t inFlight_ = 0;
  size_t done_ = 0;
};

}  // namespace openlim::master
