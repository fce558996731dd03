#include "reserve/terms.h"

namespace openlim::reserve {

using format::Json;

namespace {

constexpr double kMaxTerm = 9e15;  // exact in a double (JSON numbers)

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

bool termField(const Json& j, const char* key, uint64_t* out) {
  const Json* v = j.find(key);
  if (!v) return true;  // absent: 0
  const double d = v->isNumber() ? v->asNumber() : -1;
  if (!(d >= 0 && d <= kMaxTerm && d == static_cast<double>(static_cast<uint64_t>(d))))
    return false;
  *out = static_cast<uint64_t>(d);
  return true;
}

}  // namespace

bool mayPromise(const VoterTerm& v, uint64_t term, const std::string& master) {
  return term > v.promised || (term == v.promised && master == v.promisedTo);
}

bool takesWrite(const VoterTerm& v, uint64_t term, const std::string& master) {
  return term == 0 || mayPromise(v, term, master);
}

bool promise(VoterTerm* v, uint64_t term, const std::string& master) {
  if (term <= v->promised) return false;
  v->promised = term;
  v->promisedTo = master;
  return true;
}

TermDigest digestOf(const Ledger& ledger, uint64_t term) {
  TermDigest d;
  for (const Reservation* r : ledger.list(""))
    if (r->term == term) {
      ++d.count;
      d.hash ^= fnv1a(r->id);
    }
  return d;
}

Json voterTermJson(const VoterTerm& v) {
  Json o = Json::object();
  o.add("adopted", Json::number(static_cast<double>(v.adopted)));
  if (v.lost) o.add("lost", Json::boolean(true));
  o.add("promised", Json::number(static_cast<double>(v.promised)));
  o.add("to", Json::string(v.promisedTo));
  return o;
}

Result<VoterTerm> voterTermFromJson(const Json& j) {
  VoterTerm v;
  if (!j.isObject()) return Status(Code::kInvalid, "a term must be an object");
  if (!termField(j, "promised", &v.promised) || !termField(j, "adopted", &v.adopted))
    return Status(Code::kInvalid, "\"promised\" and \"adopted\" must be whole numbers");
  if (const Json* lost = j.find("lost")) {
    if (!lost->isBool()) return Status(Code::kInvalid, "\"lost\" must be true or false");
    v.lost = lost->asBool();
  }
  if (const Json* to = j.find("to")) {
    if (!to->isString() || to->asString().size() > 4096)
      return Status(Code::kInvalid, "\"to\" must be a host name");
    v.promisedTo = to->asString();
  }
  return v;
}

}  // namespace openlim::reserve
