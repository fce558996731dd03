#pragma once
// The lsf.attributes file: static site attributes of hosts, in the NLB object data format.
//
//   # comment
//   object NLB (cloudy) {
//       NLB_SITE_CPUNORM = 10;              integer (a leading 0 means octal: 010 is 8)
//       NLB_SITE_SCALE = 1.5;               fixed-point float (no exponent)
//       NLB_APPLICATIONS = "UniChem dbase"; quoted string
//       NLB_TIER = gold;                    single word of letters, digits and '_': a string
//   }
//
// Objects may span lines or share one; a host may appear in several objects (their values
// merge, later ones win). Attribute names are case-insensitive and held in upper case.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "openlim/config.h"

namespace openlim::policy {

struct AttrValue {
  enum class Kind : uint8_t { kInteger, kFloat, kString };
  Kind kind = Kind::kInteger;
  int64_t integer = 0;
  double number = 0;  // kFloat; for kInteger the same value as a double
  std::string text;   // kString
  int line = 0;       // where the value was set
};

struct HostAttributes {
  std::string host;                                       // as written
  int line = 0;                                           // of its first object
  std::vector<std::pair<std::string, AttrValue>> values;  // upper-case name, in file order

  const AttrValue* find(std::string_view upperName) const;
};

struct AttributesLoad {
  std::vector<HostAttributes> hosts;  // in file order of first appearance
  std::vector<Diagnostic> diagnostics;
  int errors() const;
  const HostAttributes* find(std::string_view host) const;  // case-insensitive
};

inline constexpr size_t kMaxAttributeHosts = 100000;
inline constexpr size_t kMaxAttributesPerHost = 1000;
inline constexpr size_t kMaxAttributeTextBytes = 4096;
inline constexpr size_t kMaxAttributesFileBytes = 16 * 1024 * 1024;

AttributesLoad parseAttributes(std::string_view text, const std::string& file);

}  // namespace openlim::policy
