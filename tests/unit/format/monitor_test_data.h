#pragma once
// Load snapshots built by hand for the lsmon tests.

#include <string>
#include <vector>

#include "openlim/model.h"

namespace openlim::format::testing {

inline const std::vector<std::string>& monitorIndexNames() {
  static const std::vector<std::string> names = {"r15s", "r1m", "r15m", "ut",  "pg",
                                                 "ls",   "it",  "tmp",  "swp", "mem"};
  return names;
}

// `n` hosts node0000.. with r1m = i / 10 and mem = 1000 + i; node<k> busy on r1m when k % 7
// is 3; every 11th host unavail.
inline LoadSnapshot monitorSnapshot(int n) {
  LoadSnapshot snap;
  snap.cluster = "mon";
  snap.master = "node0000";
  snap.names = monitorIndexNames();
  snap.names.push_back("ncpus");
  for (int i = 0; i < n; ++i) {
    LoadHost h;
    char name[32];
    std::snprintf(name, sizeof name, "node%04d", i);
    h.name = name;
    h.status = i % 11 == 10 ? "unavail" : "ok";
    for (size_t k = 0; k < monitorIndexNames().size(); ++k)
      h.values.push_back(Value::num(k == 1 ? i / 10.0 : k == 9 ? 1000.0 + i : 0.5 + k));
    h.values.push_back(Value::num(4));
    if (i % 7 == 3) h.busy.push_back(1);
    snap.hosts.push_back(std::move(h));
  }
  return snap;
}

}  // namespace openlim::format::testing
