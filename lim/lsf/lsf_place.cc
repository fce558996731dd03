// ls_placereq, ls_placeofhosts, ls_loadadj, ls_lockhost and ls_unlockhost.
#include <cstring>
#include <vector>

#include "lsf/lsf.h"
#include "lsf_session.h"

namespace openlim::lsf {
namespace {

// The most tasks one call may place or adjust for (a bound on what the caller's count makes
// the library build and send).
constexpr int kMaxTasks = 1 << 20;

struct PlaceBuffers {
  std::vector<std::string> names;
  std::vector<char*> pointers;
};

char** placeOn(const char* resreq, int* numhosts, int options, const char* fromhost,
               char** hostlist, int listsize) {
  static thread_local PlaceBuffers b;
  if (numhosts == nullptr || *numhosts < 0 || *numhosts > kMaxTasks || listsize < 0 ||
      (listsize > 0 && hostlist == nullptr))
    return fail(LSE_BAD_ARGS), nullptr;
  Client* c = session();
  if (c == nullptr) return nullptr;
  PlaceQuery q;
  q.resreq = text(resreq);
  // *numhosts tasks; EXACT: all of them or none, else as many as there are, up to that.
  q.n = (options & EXACT) ? *numhosts : (*numhosts == 0 ? 0 : 1);
  q.w = *numhosts;
  q.local = fromhost != nullptr ? std::string(fromhost) : c->localHost();
  for (int i = 0; i < listsize; ++i) {
    if (hostlist[i] == nullptr) return fail(LSE_BAD_ARGS), nullptr;
    q.hosts.push_back(hostlist[i]);
  }
  auto r = c->place(q);
  if (!r) return fail(r.status()), nullptr;
  if (r->slots.empty()) return fail(LSE_NO_HOST), nullptr;
  b.names = std::move(r->slots);
  b.pointers.clear();
  for (auto& n : b.names) b.pointers.push_back(n.data());
  b.pointers.push_back(nullptr);
  *numhosts = static_cast<int>(b.names.size());
  return b.pointers.data();
}

}  // namespace
}  // namespace openlim::lsf

using namespace openlim;
using namespace openlim::lsf;

extern "C" char** ls_placereq(char* resreq, int* numhosts, int options, char* fromhost) {
  return placeOn(resreq, numhosts, options, fromhost, nullptr, 0);
}

extern "C" char** ls_placeofhosts(char* resreq, int* numhosts, int options, char* fromhost,
                                  char** hostlist, int listsize) {
  if (listsize <= 0) return fail(LSE_BAD_ARGS), nullptr;
  return placeOn(resreq, numhosts, options, fromhost, hostlist, listsize);
}

extern "C" int ls_loadadj(char* resreq, struct placeInfo* hostlist, int listsize) {
  if (hostlist == nullptr || listsize <= 0) return fail(LSE_BAD_ARGS), -1;
  std::vector<std::string> slots;
  for (int i = 0; i < listsize; ++i) {
    const placeInfo& p = hostlist[i];
    if (p.numtask < 0 || p.numtask > kMaxTasks - static_cast<int>(slots.size()) ||
        p.hostName[0] == '\0')
      return fail(LSE_BAD_ARGS), -1;
    std::string name(p.hostName, strnlen(p.hostName, sizeof p.hostName));
    slots.insert(slots.end(), static_cast<size_t>(p.numtask), name);
  }
  if (slots.empty()) return 0;  // nothing placed, nothing to add
  Client* c = session();
  if (c == nullptr) return -1;
  Status s = c->loadAdjust(text(resreq), slots);
  return s.isOk() ? 0 : (fail(s), -1);
}

extern "C" int ls_lockhost(time_t duration) {
  if (duration < 0) return fail(LSE_BAD_ARGS), -1;
  Client* c = session();
  if (c == nullptr) return -1;
  Status s = c->lockHost("", static_cast<double>(duration));
  return s.isOk() ? 0 : (fail(s), -1);
}

extern "C" int ls_unlockhost(void) {
  Client* c = session();
  if (c == nullptr) return -1;
  Status s = c->unlockHost("");
  return s.isOk() ? 0 : (fail(s), -1);
}
