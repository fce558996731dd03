#include "load/procfs/melim_vector.h"

#include "format/json.h"
#include "load/procfs/text_util.h"
#include "util/strict_number.h"

namespace openlim {

namespace {
constexpr size_t kMaxNameLength = 128;
constexpr int64_t kMaxPairs = 1 << 20;
}  // namespace

// line := count (name value){count}; value := "-" | number | word
Result<ExternalVector> parseMelimLine(std::string_view line) {
  auto f = procfs::splitFields(line);
  if (f.empty()) return Status(Code::kInvalid, "melim: empty line");
  auto count = toInt64(f[0]);
  if (!count || *count < 0 || *count > kMaxPairs)
    return Status(Code::kInvalid, "melim: bad count <" + std::string(f[0]) + ">");
  if (f.size() != 1 + 2 * static_cast<size_t>(*count))
    return Status(Code::kInvalid, "melim: count " + std::to_string(*count) + " but " +
                                      std::to_string((f.size() - 1) / 2.0) + " pairs");
  ExternalVector out;
  for (size_t i = 1; i + 1 < f.size(); i += 2) {
    std::string name(f[i]);
    if (name.size() > kMaxNameLength)
      return Status(Code::kInvalid, "melim: name too long <" + name.substr(0, 40) + "...>");
    ExternalValue v;
    v.text = std::string(f[i + 1]);
    v.known = v.text != "-";
    if (v.known) {
      if (auto d = toDouble(v.text)) v.number = *d;
    } else {
      v.text.clear();
    }
    if (!out.emplace(std::move(name), std::move(v)).second)
      return Status(Code::kInvalid, "melim: duplicate name <" + std::string(f[i]) + ">");
  }
  return out;
}

Result<std::vector<ValueAge>> parseMelimValueAges(std::string_view statusLine) {
  auto json = format::parseJson(statusLine, 8);
  if (!json) return json.status();
  const format::Json* values = json->find("values");
  if (!values || !values->isArray()) return Status(Code::kInvalid, "melim status: no values");
  std::vector<ValueAge> out;
  for (const format::Json& v : values->items()) {
    const format::Json* name = v.find("name");
    const format::Json* value = v.find("value");
    const format::Json* age = v.find("age");
    if (!name || !name->isString() || !value || !value->isString() || !age || !age->isNumber())
      continue;
    double a = age->asNumber();
    if (!std::isfinite(a) || a < 0) continue;
    out.push_back({name->asString(), value->asString(), a});
  }
  return out;
}

}  // namespace openlim
