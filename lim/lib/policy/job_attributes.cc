// -a name[=value] (see job_attributes.h).
#include "policy/job_attributes.h"

#include <algorithm>
#include <cctype>

#include "util/strict_number.h"

namespace openlim::policy {

namespace {

constexpr size_t kMaxNameBytes = 128;

Status bad(std::string_view arg, const std::string& why) {
  return Status(Code::kInvalid, "bad job attribute <" + std::string(arg) + ">: " + why);
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// "10kw", "5MB": a number followed by letters (other than a lone exponent mark).
bool hasUnit(std::string_view v) {
  size_t p = 0;
  while (p < v.size() && !std::isalpha(static_cast<unsigned char>(v[p]))) ++p;
  std::string_view suffix = v.substr(p);
  if (p == 0 || suffix.empty() || suffix == "e" || suffix == "E") return false;
  bool letters = std::all_of(suffix.begin(), suffix.end(),
                             [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  return letters && parseDouble(v.substr(0, p)).isOk();
}

}  // namespace

Result<JobAttribute> parseJobAttribute(std::string_view arg) {
  size_t eq = arg.find('=');
  std::string_view name = arg.substr(0, eq);
  if (name.empty()) return bad(arg, "no attribute name");
  if (name.size() > kMaxNameBytes)
    return bad(arg.substr(0, 32), "name longer than " + std::to_string(kMaxNameBytes) + " bytes");
  bool nameOk = !isDigit(name[0]) && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (!nameOk) return bad(arg, "a name holds letters, digits and '_' and starts with a letter");
  JobAttribute out;
  for (char c : name) out.name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (out.name.rfind("JOB_", 0) != 0) out.name = "JOB_" + out.name;
  if (out.name == "JOB_") return bad(arg, "no attribute name after JOB_");
  if (eq == std::string_view::npos) return out;
  std::string_view v = arg.substr(eq + 1);
  if (v.empty()) return bad(arg, "no value after '='");
  if (v[0] == '-') return bad(arg, "negative values are not allowed");
  if (v[0] == '+') return bad(arg, "write the value without a sign");
  if (v.size() > 1 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X'))
    return bad(arg, "hexadecimal values are not allowed; write it in decimal");
  if (v.size() > 1 && v[0] == '0' && isDigit(v[1]))
    return bad(arg, "octal values (a leading 0) are not allowed; write it in decimal");
  auto d = parseDouble(v);
  if (!d) {
    bool unit = hasUnit(v);
    return bad(arg, unit ? "units are not understood; expand them to a plain number"
                         : "the value must be a decimal integer or floating-point number");
  }
  out.value = *d;
  return out;
}

Result<std::vector<JobAttribute>> parseJobAttributes(const std::vector<std::string>& args) {
  if (args.size() > kMaxJobAttributes)
    return Status(Code::kInvalid,
                  "more than " + std::to_string(kMaxJobAttributes) + " job attributes");
  std::vector<JobAttribute> out;
  for (const std::string& a : args) {
    auto one = parseJobAttribute(a);
    if (!one) return one.status();
    for (const JobAttribute& seen : out)
      if (seen.name == one->name)
        return Status(Code::kInvalid, "job attribute " + one->name + " is given twice");
    out.push_back(std::move(one.value()));
  }
  return out;
}

}  // namespace openlim::policy
