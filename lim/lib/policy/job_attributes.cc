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

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trimBlanksEnd(std::string_view s) {
  while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view trimBlanksStart(std::string_view s) {
  while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
  return s;
}

}  // namespace

Status checkJobText(std::string_view v) {
  if (v.empty()) return Status(Code::kInvalid, "no value");
  if (v.size() > kMaxJobText)
    return Status(Code::kInvalid, "a value longer than " + std::to_string(kMaxJobText) + " bytes");
  for (unsigned char c : v)
    if (c < 0x21 || c > 0x7e)
      return Status(Code::kInvalid, "the value must be one word of printable characters");
  return Status::ok();
}

namespace {

// The name's rules; `arg` is what an error echoes.
Result<std::string> nameOf(std::string_view arg, std::string_view name) {
  if (name.empty()) return bad(arg, "no attribute name");
  if (name.size() > kMaxNameBytes)
    return bad(arg.substr(0, 32), "name longer than " + std::to_string(kMaxNameBytes) + " bytes");
  bool nameOk = !isDigit(name[0]) && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (!nameOk) return bad(arg, "a name holds letters, digits and '_' and starts with a letter");
  std::string out;
  for (char c : name) out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (out.rfind("JOB_", 0) != 0) out = "JOB_" + out;
  if (out == "JOB_") return bad(arg, "no attribute name after JOB_");
  return out;
}

// The value of a string attribute (JOB_REQNAME): one word.
Result<JobAttribute> textValue(std::string_view arg, JobAttribute out, std::string_view v) {
  if (Status st = checkJobText(v); !st.isOk())
    return bad(arg.substr(0, 64), out.name + " is a string: " + st.message());
  out.text = v;
  return out;
}

}  // namespace

Result<std::string> jobAttributeName(std::string_view name) {
  return nameOf(name, name);
}

Result<JobAttribute> parseJobAttribute(std::string_view arg) {
  size_t eq = arg.find('=');
  // Blanks around '=' only (`name = value`); anywhere else they stay refused.
  std::string_view name = eq == std::string_view::npos ? arg : trimBlanksEnd(arg.substr(0, eq));
  auto upper = nameOf(arg, name);
  if (!upper) return upper.status();
  JobAttribute out;
  out.name = std::move(upper).value();
  if (out.isText() && eq == std::string_view::npos)
    return bad(arg, out.name + " is a string: give it a value (" + std::string(name) + "=NAME)");
  if (eq == std::string_view::npos) return out;
  std::string_view v = trimBlanksStart(arg.substr(eq + 1));
  if (out.isText()) return textValue(arg, std::move(out), v);
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
