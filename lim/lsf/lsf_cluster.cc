// ls_getclustername, ls_getmastername, ls_info, ls_gethostinfo and the one-host lookups.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "format/load_format.h"
#include "format/values.h"
#include "lsf/lsf.h"
#include "lsf_session.h"

namespace openlim::lsf {
namespace {

// Each function's buffers, reused by its next call in the same thread (LSF's rule).
struct HostInfoBuffers {
  std::vector<hostInfo> rows;
  std::vector<std::string> strings;       // types, models, resource names
  std::vector<std::vector<char*>> lists;  // per host: its resource pointers
  std::vector<std::vector<float>> thresholds;
};

int wholeOr(const format::Value& v, int fallback) {
  if (!v.isNumber() || !std::isfinite(v.number)) return fallback;
  if (v.number > INFINIT_INT) return INFINIT_INT;
  return v.number < 0 ? fallback : static_cast<int>(v.number);
}

std::vector<std::string> hostList(char** list, int size) {
  std::vector<std::string> out;
  for (int i = 0; i < size; ++i) out.push_back(text(list[i]));
  return out;
}

// The one host's static information; `hostname` null = the local host.
const format::HostInfo* oneHost(const char* hostname) {
  static thread_local std::vector<format::HostInfo> tHost;
  Client* c = session();
  if (c == nullptr) return nullptr;
  std::string name = hostname != nullptr ? hostname : c->localHost();
  if (name.empty()) return fail(LSE_BAD_HOST), nullptr;
  auto r = c->hosts({.resreq = "", .hosts = {name}});
  if (!r) return fail(r.status()), nullptr;
  if (r->empty()) return fail(LSE_BAD_HOST), nullptr;
  tHost = std::move(*r);
  return &tHost.front();
}

}  // namespace

}  // namespace openlim::lsf

using namespace openlim;
using namespace openlim::lsf;

extern "C" char* ls_getclustername(void) {
  static thread_local std::string tName;
  Client* c = session();
  if (c == nullptr) return nullptr;
  auto r = c->clusterName();
  if (!r) return fail(r.status()), nullptr;
  tName = *r;
  return tName.data();
}

extern "C" char* ls_getmastername(void) {
  static thread_local std::string tName;
  Client* c = session();
  if (c == nullptr) return nullptr;
  auto r = c->masterName();
  if (!r) return fail(r.status()), nullptr;
  tName = *r;
  return tName.data();
}

extern "C" char* ls_gethosttype(char* hostname) {
  static thread_local std::string tType;
  const format::HostInfo* h = oneHost(hostname);
  if (h == nullptr) return nullptr;
  tType = h->type;
  return tType.data();
}

extern "C" char* ls_gethostmodel(char* hostname) {
  static thread_local std::string tModel;
  const format::HostInfo* h = oneHost(hostname);
  if (h == nullptr) return nullptr;
  tModel = h->model;
  return tModel.data();
}

extern "C" float* ls_gethostfactor(char* hostname) {
  static thread_local float tFactor;
  const format::HostInfo* h = oneHost(hostname);
  if (h == nullptr) return nullptr;
  tFactor = h->cpuf.isNumber() ? static_cast<float>(h->cpuf.number) : 1.0f;
  return &tFactor;
}

extern "C" struct hostInfo* ls_gethostinfo(char* resreq, int* numhosts, char** hostlist,
                                           int listsize, int options) {
  static thread_local HostInfoBuffers b;
  if (numhosts == nullptr || listsize < 0 || (listsize > 0 && hostlist == nullptr))
    return fail(LSE_BAD_ARGS), nullptr;
  for (int i = 0; i < listsize; ++i)
    if (hostlist[i] == nullptr) return fail(LSE_BAD_ARGS), nullptr;
  Client* c = session();
  if (c == nullptr) return nullptr;
  auto r = c->hosts({.resreq = text(resreq), .hosts = hostList(hostlist, listsize)});
  if (!r) return fail(r.status()), nullptr;
  std::vector<format::HostInfo> hosts;
  for (auto& h : *r)
    if (!(options & OK_ONLY) || h.status == "ok" || h.status.empty()) hosts.push_back(std::move(h));
  int want = *numhosts;
  if (want > 0 && static_cast<int>(hosts.size()) > want) hosts.resize(static_cast<size_t>(want));
  if (hosts.empty() || ((options & EXACT) && want > 0 && static_cast<int>(hosts.size()) < want))
    return fail(LSE_NO_HOST), nullptr;
  // A threshold per load index, in li's order (ls_info's numIndx of them).
  std::vector<std::string> indices;
  if (auto known = lastLoadIndices()) {
    indices = std::move(*known);
  } else {
    auto info = c->info();
    if (!info) return fail(info.status()), nullptr;
    indices = format::loadIndexNames(*info);
    noteLoadIndices(indices, {});
  }
  b.rows.assign(hosts.size(), hostInfo{});
  b.strings.clear();
  size_t strings = 0;
  for (const auto& h : hosts) strings += 2 + h.resources.size();
  b.strings.reserve(strings);  // never reallocated below: the pointers into it stay valid
  b.lists.assign(hosts.size(), {});
  b.thresholds.assign(hosts.size(), std::vector<float>(indices.size(), INFINIT_LOAD));
  for (size_t i = 0; i < hosts.size(); ++i) {
    const format::HostInfo& h = hosts[i];
    hostInfo& o = b.rows[i];
    copyName(o.hostName, sizeof o.hostName, h.name);
    o.hostType = b.strings.emplace_back(h.type).data();
    o.hostModel = b.strings.emplace_back(h.model).data();
    o.cpuFactor = h.cpuf.isNumber() ? static_cast<float>(h.cpuf.number) : 1.0f;
    o.maxCpus = wholeOr(h.ncpus, 0);
    o.maxMem = wholeOr(h.maxmem, 0);
    o.maxSwap = wholeOr(h.maxswp, 0);
    o.maxTmp = wholeOr(h.maxtmp, 0);
    o.nDisks = wholeOr(h.ndisks, 0);
    for (const auto& res : h.resources) b.lists[i].push_back(b.strings.emplace_back(res).data());
    o.nRes = static_cast<int>(b.lists[i].size());
    o.resources = b.lists[i].empty() ? nullptr : b.lists[i].data();
    for (size_t k = 0; k < indices.size(); ++k)
      if (auto t = h.thresholds.find(indices[k]); t != h.thresholds.end())
        b.thresholds[i][k] = static_cast<float>(t->second);
    o.numIndx = static_cast<int>(indices.size());
    o.busyThreshold = b.thresholds[i].data();
    o.isServer = h.server == "No" ? 0 : 1;
    o.licensed = 1;
    o.rexPriority = wholeOr(h.rexpri, 0);
  }
  *numhosts = static_cast<int>(b.rows.size());
  return b.rows.data();
}

extern "C" struct lsInfo* ls_info(void) {
  static thread_local lsInfo tInfo;
  static thread_local std::vector<resItem> tRes;
  Client* c = session();
  if (c == nullptr) return nullptr;
  auto r = c->info();
  if (!r) return fail(r.status()), nullptr;
  tInfo = lsInfo{};
  // The load indices first, in hostLoad.li's order (as LSF's resTable), then the rest.
  const std::vector<std::string> indices = format::loadIndexNames(*r);
  noteLoadIndices(indices, {});  // ls_load gives these, numIndx of them
  // A built-in the reply does not describe keeps its place (li[k] is resTable[k]).
  std::vector<format::ResourceInfo> unlisted;
  unlisted.reserve(indices.size());
  std::vector<const format::ResourceInfo*> order;
  for (const auto& n : indices) {
    const format::ResourceInfo* ri = r->find(n);
    if (ri == nullptr)
      ri =
          &unlisted.emplace_back(format::ResourceInfo{.name = n, .builtin = true, .dynamic = true});
    order.push_back(ri);
  }
  for (const auto& ri : r->resources)
    if (!format::isBuiltinIndex(ri.name) && !format::isExternalIndex(ri)) order.push_back(&ri);
  tRes.assign(order.size(), resItem{});
  for (size_t i = 0; i < order.size(); ++i) {
    const format::ResourceInfo& ri = *order[i];
    resItem& o = tRes[i];
    copyName(o.name, sizeof o.name, ri.name);
    copyName(o.des, sizeof o.des, ri.description);
    o.valueType = ri.type == ResourceType::kNumeric  ? LS_NUMERIC
                  : ri.type == ResourceType::kString ? LS_STRING
                                                     : LS_BOOLEAN;
    o.orderType = ri.direction == Direction::kIncreasing   ? INCR
                  : ri.direction == Direction::kDecreasing ? DECR
                                                           : NA;
    o.flags = (ri.builtin ? RESF_BUILTIN : 0) | (ri.dynamic ? RESF_DYNAMIC : 0) |
              (ri.shared ? RESF_SHARED : 0) | (ri.release ? RESF_RELEASE : 0) |
              (!ri.shared ? RESF_GLOBAL : 0);
    o.interval = static_cast<int>(ri.interval);
  }
  tInfo.nRes = static_cast<int>(tRes.size());
  tInfo.resTable = tRes.data();
  for (const auto& t : r->types) {
    if (tInfo.nTypes == MAXTYPES) break;
    copyName(tInfo.hostTypes[tInfo.nTypes++], MAXLSFNAMELEN, t);
  }
  for (const auto& m : r->models) {
    if (tInfo.nModels == MAXMODELS) break;
    int k = tInfo.nModels++;
    copyName(tInfo.hostModels[k], MAXLSFNAMELEN, m.name);
    copyName(tInfo.hostArchs[k], MAXLSFNAMELEN, m.arch);
    tInfo.modelRefs[k] = m.used ? 1 : 0;
    tInfo.cpuFactor[k] = static_cast<float>(m.cpuf);
  }
  tInfo.numUsrIndx = static_cast<int>(indices.size()) - NBUILTINDEX;
  tInfo.numIndx = static_cast<int>(indices.size());
  return &tInfo;
}
