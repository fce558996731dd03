#include "master/query_request.h"

#include <cmath>
#include <limits>

#include "policy/job_attributes.h"

namespace openlim::master {
namespace {

using format::Json;

Status wrongType(std::string_view key, std::string_view what, Subcode subcode = Subcode::kNone) {
  return Status(Code::kInvalid, subcode,
                "\"" + std::string(key) + "\" must be " + std::string(what));
}

// Reads the optional members of one request object; the first bad one is kept in status_
// and every later read is a no-op, so a decoder reads all its fields and checks once.
class Fields {
 public:
  explicit Fields(const Json& req) : req_(req) {}

  // `subcode` for a field that must name hosts (kBadHostName: liblsf's LSE_BAD_HOST).
  void string(std::string_view key, std::string_view what, std::string* out,
              Subcode subcode = Subcode::kNone) {
    const Json* v = present(key);
    if (!v) return;
    if (!v->isString()) return fail(key, what, subcode);
    *out = v->asString();
  }
  void strings(std::string_view key, std::string_view what, std::vector<std::string>* out,
               Subcode subcode = Subcode::kNone) {
    const Json* v = present(key);
    if (!v) return;
    if (!v->isArray()) return fail(key, what, subcode);
    for (const auto& item : v->items())
      if (!item.isString()) return fail(key, what, subcode);
    out->clear();
    for (const auto& item : v->items()) out->push_back(item.asString());
  }
  void hostName(std::string_view key, std::string* out) {
    string(key, "a host name", out, Subcode::kBadHostName);
  }
  void hostNames(std::string_view key, std::vector<std::string>* out) {
    strings(key, "an array of host names", out, Subcode::kBadHostName);
  }
  void boolean(std::string_view key, bool* out) {
    const Json* v = present(key);
    if (!v) return;
    if (!v->isBool()) return fail(key, "true or false");
    *out = v->asBool();
  }
  // A whole number in [lo, INT_MAX].
  void integer(std::string_view key, int lo, std::string_view what, int* out) {
    const Json* v = present(key);
    if (!v) return;
    double d = v->asNumber();
    if (!v->isNumber() || d != std::trunc(d) || d < lo || d > std::numeric_limits<int>::max())
      return fail(key, what);
    *out = static_cast<int>(d);
  }
  void seconds(std::string_view key, double* out) {
    const Json* v = present(key);
    if (!v) return;
    if (!v->isNumber() || !(v->asNumber() >= 0) || !std::isfinite(v->asNumber()))
      return fail(key, "a number of seconds, 0 or more");
    *out = v->asNumber();
  }
  const Status& status() const { return status_; }

 private:
  const Json* present(std::string_view key) const { return status_ ? req_.find(key) : nullptr; }
  void fail(std::string_view key, std::string_view what, Subcode subcode = Subcode::kNone) {
    status_ = wrongType(key, what, subcode);
  }

  const Json& req_;
  Status status_;
};

constexpr std::string_view kResreq = "a resource requirement string";

template <typename T>
Result<T> done(const Fields& f, T value) {
  if (!f.status()) return f.status();
  return value;
}

// "job": {NAME: value}: names by the -a rules (JOB_ added), no repeats; values 0 or more, a
// string attribute's (JOB_REQNAME) one printable word.
Status decodeJob(const Json& req, std::vector<policy::JobAttribute>& out) {
  const Json* job = req.find("job");
  if (!job) return Status::ok();
  const std::string_view what = "an object of job attribute names and values, 0 or more";
  if (!job->isObject() || job->size() > policy::kMaxJobAttributes) return wrongType("job", what);
  for (const auto& [name, v] : job->members()) {
    auto a = policy::jobAttributeName(name);  // the name's rules; the value is checked here
    if (!a) return wrongType("job", what);
    policy::JobAttribute attr{.name = std::move(a).value()};
    if (attr.isText()) {
      if (!v.isString() || !policy::checkJobText(v.asString()).isOk())
        return wrongType("job", what);
      attr.text = v.asString();
    } else if (!v.isNumber() || !(v.asNumber() >= 0) || !std::isfinite(v.asNumber())) {
      return wrongType("job", what);
    } else {
      attr.value = v.asNumber();
    }
    for (const auto& seen : out)
      if (seen.name == attr.name) return wrongType("job", what);
    out.push_back(std::move(attr));
  }
  return Status::ok();
}

// done() for a request that may carry "job": the fields' status first, then the job's.
template <typename T>
Result<T> doneWithJob(const Fields& f, const Json& req, T value) {
  if (!f.status()) return f.status();
  if (Status js = decodeJob(req, value.job); !js) return js;
  return value;
}

}  // namespace

Result<std::string> decodeOp(const Json& req) {
  const Json* op = req.isObject() ? req.find("op") : nullptr;
  if (op == nullptr)
    return Status(Code::kInvalid, "missing \"op\": the request names no operation");
  if (!op->isString()) {
    static constexpr const char* kKinds[] = {"null",     "a boolean", "a number",
                                             "a string", "an array",  "an object"};
    return wrongType("op", std::string("a string, not ") + kKinds[static_cast<int>(op->kind())]);
  }
  return op->asString();
}

Result<LoadRequest> decodeLoadRequest(const Json& req) {
  LoadRequest r;
  std::string local;  // accepted for symmetry with place; a listing has no implicit type
  Fields f(req);
  f.string("resreq", kResreq, &r.resreq);
  f.hostNames("hosts", &r.hosts);
  f.integer("n", 0, "a whole number, 0 or more", &r.n);
  f.boolean("derived", &r.derived);
  f.hostName("local", &local);
  f.string("policy", "a policy name", &r.policy);
  return done(f, std::move(r));
}

Result<HostsRequest> decodeHostsRequest(const Json& req) {
  HostsRequest r;
  Fields f(req);
  f.string("resreq", kResreq, &r.resreq);
  f.hostNames("hosts", &r.hosts);
  return done(f, std::move(r));
}

Result<PlaceRequest> decodePlaceRequest(const Json& req) {
  PlaceRequest r;
  Fields f(req);
  f.string("resreq", kResreq, &r.resreq);
  f.integer("n", 0, "a whole number, 0 or more", &r.n);
  f.integer("w", -1, "a whole number, -1 (not given) or more", &r.w);
  f.boolean("L", &r.fewestHosts);
  f.boolean("explain", &r.explain);
  f.hostNames("hosts", &r.hosts);
  f.hostName("local", &r.local);
  f.string("policy", "a policy name", &r.policy);
  return doneWithJob(f, req, std::move(r));
}

Result<LoadAdjRequest> decodeLoadAdjRequest(const Json& req) {
  LoadAdjRequest r;
  Fields f(req);
  f.string("resreq", kResreq, &r.resreq);
  f.hostNames("hosts", &r.slots);
  auto out = done(f, std::move(r));
  if (out && out->slots.empty())
    return Status(Code::kInvalid, "\"hosts\" must name at least one host");
  return out;
}

Result<SharedRequest> decodeSharedRequest(const Json& req) {
  SharedRequest r;
  Fields f(req);
  f.strings("names", "an array of resource names", &r.names);
  return done(f, std::move(r));
}

Result<PolicyQuery> decodePolicyQuery(const Json& req) {
  PolicyQuery r;
  Fields f(req);
  f.string("policy", "a policy name", &r.policy);
  f.boolean("strict", &r.strict);
  f.integer("count", 0, "a whole number, 0 or more", &r.count);
  f.integer("slots", 1, "a whole number, 1 or more", &r.slots);
  f.hostNames("hosts", &r.hosts);
  f.boolean("explain", &r.explain);
  f.boolean("attributes", &r.attributes);
  f.string("resreq", kResreq, &r.resreq);
  f.string("at", "a time as \"YYYY-MM-DD HH:MM\"", &r.at);
  f.boolean("place", &r.place);
  return doneWithJob(f, req, std::move(r));
}

Result<ElimStatusRequest> decodeElimStatusRequest(const Json& req) {
  ElimStatusRequest r;
  Fields f(req);
  f.hostName("host", &r.host);
  return done(f, std::move(r));
}

Result<AdminRequest> decodeAdminRequest(const Json& req) {
  AdminRequest r;
  Fields f(req);
  std::string host;
  f.hostName("host", &host);
  if (req.find("host")) r.host = host;
  f.seconds("seconds", &r.seconds);
  f.string("sender", "a string naming the sender", &r.sender);
  return done(f, std::move(r));
}

}  // namespace openlim::master
