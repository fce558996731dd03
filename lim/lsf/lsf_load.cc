// ls_load and ls_loadinfo: the master's `load` reply as LSF's hostLoad rows.
#include <cmath>
#include <vector>

#include "format/load_format.h"
#include "format/values.h"
#include "lsf/lsf.h"
#include "lsf_session.h"
#include "openlim/run_queue.h"

namespace openlim::lsf {
namespace {

struct LoadBuffers {
  std::vector<hostLoad> rows;
  std::vector<int> status;
  std::vector<float> li;
  std::vector<std::string> names;  // ls_loadinfo's index names
  std::vector<char*> namePointers;
};

int statusBits(const std::string& status) {
  if (status == "unavail" || status == "unlicensed") return LIM_UNAVAIL;
  if (status == "lockU") return LIM_LOCKEDU;
  if (status == "lockW") return LIM_LOCKEDW;
  if (status == "lockM") return LIM_LOCKEDM;
  if (status == "busy") return LIM_BUSY;
  return 0;
}

double numberOf(const format::LoadSnapshot& s, const format::LoadHost& h, std::string_view n) {
  const format::Value& v = s.value(h, n);
  return v.isNumber() ? v.number : std::nan("");
}

// The value of index `name` as LSF gives it: run queues raw, effective or normalised.
float liOf(const format::LoadSnapshot& s, const format::LoadHost& h, int slot,
           const std::string& name, int options, double maxCpuf) {
  const format::Value& v = s.value(h, slot);
  if (!v.isNumber() || !std::isfinite(v.number)) return INFINIT_LOAD;
  double x = v.number;
  bool runQueue = name == "r15s" || name == "r1m" || name == "r15m";
  if (runQueue && (options & NORMALIZE))
    x = normalizedRunQueue(x, numberOf(s, h, "ncpus"), numberOf(s, h, "cpuf"), maxCpuf);
  else if (runQueue && (options & EFFECTIVE))
    x = effectiveRunQueue(x, numberOf(s, h, "ncpus"));
  return static_cast<float>(x);
}

bool validList(char** list, int size) {
  if (size < 0 || (size > 0 && list == nullptr)) return false;
  for (int i = 0; i < size; ++i)
    if (list[i] == nullptr) return false;
  return true;
}

// The common body: `names` the indices to give, in order; empty: every load index of the
// cluster (the built-ins, then the external ones, as ls_info lists them), left in `names`.
hostLoad* loadRows(LoadBuffers& b, const char* resreq, int* numhosts, int options,
                   const char* fromhost, char** hostlist, int listsize,
                   std::vector<std::string>& names) {
  (void)fromhost;  // the load op has no asker-relative defaults
  if (numhosts == nullptr || *numhosts < 0 || !validList(hostlist, listsize))
    return fail(LSE_BAD_ARGS), nullptr;
  Client* c = session();
  if (c == nullptr) return nullptr;
  LoadQuery q{.resreq = text(resreq), .hosts = {}, .n = (options & OK_ONLY) ? 0 : *numhosts};
  for (int i = 0; i < listsize; ++i) q.hosts.push_back(hostlist[i]);
  auto snap = c->load(q);
  if (!snap) return fail(snap.status()), nullptr;
  const bool named = !names.empty();
  if (!named)
    if (auto known = knownLoadIndices(snap->names)) names = std::move(*known);
  double maxCpuf = 1;
  if ((options & NORMALIZE) || names.empty()) {
    auto info = c->info();
    if (!info) return fail(info.status()), nullptr;
    maxCpuf = info->maxUsedCpuFactor();
    if (names.empty()) {
      names = format::loadIndexNames(*info);
      noteLoadIndices(names, snap->names);
    }
  }
  std::vector<const format::LoadHost*> hosts;
  for (const auto& h : snap->hosts) {
    if ((options & OK_ONLY) && statusBits(h.status) != 0) continue;
    if (*numhosts > 0 && static_cast<int>(hosts.size()) == *numhosts) break;
    hosts.push_back(&h);
  }
  if (hosts.empty() ||
      ((options & EXACT) && *numhosts > 0 && static_cast<int>(hosts.size()) < *numhosts))
    return fail(LSE_NO_HOST), nullptr;
  const size_t words = 1 + GET_INTNUM(names.size());
  b.rows.assign(hosts.size(), hostLoad{});
  b.status.assign(hosts.size() * words, 0);
  b.li.assign(hosts.size() * names.size(), INFINIT_LOAD);
  std::vector<int> slots;
  for (const auto& n : names) {
    slots.push_back(snap->slot(n));
    // A name the caller gave must be an index some host reports; the cluster's own list
    // may name an external index no host has reported yet (unknown: INFINIT_LOAD).
    if (named && slots.back() < 0 && !format::isBuiltinIndex(n))
      return fail(LSE_BAD_NAMELIST), nullptr;
  }
  for (size_t i = 0; i < hosts.size(); ++i) {
    const format::LoadHost& h = *hosts[i];
    hostLoad& o = b.rows[i];
    copyName(o.hostName, sizeof o.hostName, h.name);
    o.status = b.status.data() + i * words;
    o.li = b.li.data() + i * names.size();
    o.status[0] = statusBits(h.status);
    for (size_t k = 0; k < names.size(); ++k) {
      o.li[k] = liOf(*snap, h, slots[k], names[k], options, maxCpuf);
      if (snap->isBusy(h, slots[k])) {
        o.status[1 + k / INTEGER_BITS] |= 1 << (k % INTEGER_BITS);
      }
    }
  }
  *numhosts = static_cast<int>(b.rows.size());
  return b.rows.data();
}

}  // namespace
}  // namespace openlim::lsf

using namespace openlim;
using namespace openlim::lsf;

// Every load index: li[0..NBUILTINDEX-1] the built-ins (R15S ... MEM), then the external
// ones in ls_info's order (lsInfo.numIndx values in all).
extern "C" struct hostLoad* ls_load(char* resreq, int* numhosts, int options, char* fromhost) {
  static thread_local LoadBuffers b;
  std::vector<std::string> names;
  return loadRows(b, resreq, numhosts, options, fromhost, nullptr, 0, names);
}

extern "C" struct hostLoad* ls_loadinfo(char* resreq, int* numhosts, int options, char* fromhost,
                                        char** hostlist, int listsize, char*** indxnamelist) {
  static thread_local LoadBuffers b;
  std::vector<std::string> names;
  if (indxnamelist != nullptr && *indxnamelist != nullptr) {
    for (char** n = *indxnamelist; *n != nullptr; ++n) {
      if (names.size() == 1024) return fail(LSE_BAD_NAMELIST), nullptr;
      names.emplace_back(*n);
    }
    if (names.empty()) return fail(LSE_BAD_NAMELIST), nullptr;
  }  // else every load index, as ls_load gives them
  hostLoad* rows = loadRows(b, resreq, numhosts, options, fromhost, hostlist, listsize, names);
  if (rows == nullptr) return nullptr;
  if (indxnamelist != nullptr && *indxnamelist == nullptr) {  // tell the caller the order
    b.names = names;
    b.namePointers.clear();
    for (auto& n : b.names) b.namePointers.push_back(n.data());
    b.namePointers.push_back(nullptr);
    *indxnamelist = b.namePointers.data();
  }
  return rows;
}
