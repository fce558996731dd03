// A JsonEvents sink that knows where it is in the `load` reply by a stack of frames: the root,
// its "hosts" array, a host, and that host's "values", "ages" and "busy". Anything else is
// skipped. A name's slot is guessed from its position (every host lists the same names in
// the same order), else found in a hash map.
#include "load_reply.h"

#include <cmath>
#include <unordered_map>

namespace openlim::cmd {
namespace {

using format::Json;
using format::LoadHost;
using format::Value;

class LoadReader : public format::JsonEvents {
 public:
  explicit LoadReader(LoadReply& out) : out_(out) { out_.head = Json::object(); }

  void beginObject() override { open(true); }
  void beginArray() override { open(false); }
  void endObject() override { stack_.pop_back(); }
  void endArray() override { stack_.pop_back(); }
  void key(std::string_view name) override { key_.assign(name); }
  void scalar(Json& v) override;

 private:
  enum class Frame : unsigned char { kNone, kRoot, kHosts, kHost, kValues, kAges, kBusy, kSkip };

  Frame parent() const { return stack_.empty() ? Frame::kNone : stack_.back(); }
  LoadHost& host() { return out_.snapshot.hosts.back(); }
  void open(bool object);
  Frame child(bool object);
  int slotOf(const std::string& name);
  void setValue(Value v);

  LoadReply& out_;
  std::vector<Frame> stack_;
  std::string key_;
  size_t position_ = 0;  // index of the next member of the open "values" object
  std::unordered_map<std::string, int> slots_;
};

LoadReader::Frame LoadReader::child(bool object) {
  switch (parent()) {
    case Frame::kNone:
      return object ? Frame::kRoot : Frame::kSkip;
    case Frame::kRoot:
      if (object || key_ != "hosts") return Frame::kSkip;
      out_.snapshot.hosts.clear();  // a repeated key: its last value counts
      return Frame::kHosts;
    case Frame::kHosts:
      if (!object) return Frame::kSkip;
      out_.snapshot.hosts.emplace_back().status = "unavail";
      return Frame::kHost;
    case Frame::kHost:
      if (object && key_ == "values") {
        host().values.clear();
        host().values.reserve(out_.snapshot.names.size());  // the names the hosts before had
        position_ = 0;
        return Frame::kValues;
      }
      if (object && key_ == "ages") return host().ages.clear(), Frame::kAges;
      if (!object && key_ == "busy") return host().busy.clear(), Frame::kBusy;
      return Frame::kSkip;
    case Frame::kValues:
      setValue(Value::unknown());  // an object or array where a value belongs
      return Frame::kSkip;
    default:
      return Frame::kSkip;
  }
}

void LoadReader::open(bool object) {
  stack_.push_back(child(object));
}

int LoadReader::slotOf(const std::string& name) {
  auto& names = out_.snapshot.names;
  if (position_ < names.size() && names[position_] == name) return static_cast<int>(position_);
  auto [it, added] = slots_.try_emplace(name, static_cast<int>(names.size()));
  if (added) names.push_back(name);
  return it->second;
}

void LoadReader::setValue(Value v) {
  auto slot = static_cast<size_t>(slotOf(key_));
  ++position_;
  auto& values = host().values;
  if (values.size() <= slot) values.resize(slot + 1, Value::absent());
  values[slot] = std::move(v);
}

void LoadReader::scalar(Json& v) {
  switch (parent()) {
    case Frame::kRoot:
      if (key_ == "cluster") out_.snapshot.cluster = v.asString();
      if (key_ == "master") out_.snapshot.master = v.asString();
      out_.head.add(key_, std::move(v));
      return;
    case Frame::kHost:
      if (key_ == "name") host().name = v.asString();
      if (key_ == "status") host().status = v.isString() ? v.asString() : "unavail";
      if (key_ == "age" && v.isNumber()) host().age = v.asNumber();
      return;
    case Frame::kValues:
      if (v.isBool())
        setValue(Value::boolean(v.asBool()));
      else if (v.isNumber())
        setValue(Value::num(v.asNumber()));
      else if (v.isString())
        setValue(Value::str(v.asString()));
      else
        setValue(Value::unknown());
      return;
    case Frame::kAges:
      if (v.isNumber()) {
        auto slot = static_cast<size_t>(slotOf(key_));
        auto& ages = host().ages;
        if (ages.size() <= slot) ages.resize(slot + 1, std::nan(""));
        ages[slot] = v.asNumber();
      }
      return;
    case Frame::kBusy:
      if (v.isString()) host().busy.push_back(slotOf(v.asString()));
      return;
    default:
      return;
  }
}

}  // namespace

Result<LoadReply> parseLoadReply(std::string_view text) {
  LoadReply out;
  // A host is ~600 bytes of reply or more: room for all of them up front (memory reserved but
  // not used is not touched).
  out.snapshot.hosts.reserve(text.size() / 256 + 1);
  LoadReader reader(out);
  Status s = format::parseJsonEvents(text, reader);
  if (!s.isOk()) return s;
  return out;
}

format::LoadSnapshot parseLoad(const Json& reply) {
  auto r = parseLoadReply(reply.compact());
  return r ? std::move(r->snapshot) : format::LoadSnapshot{};
}

}  // namespace openlim::cmd
