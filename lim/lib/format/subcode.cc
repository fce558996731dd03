#include "format/subcode.h"

namespace openlim::format {
namespace {

struct Named {
  Subcode subcode;
  std::string_view name;
};

// The client-side ones (local host unknown, request too large) are named too, so that a
// subcode always has one name, though the lim never sends them. Master unknown is both: a lim
// that knows no master sends it, and the client sets it on a second redirect.
constexpr Named kNames[] = {
    {Subcode::kUnknownHost, "unknownhost"},
    {Subcode::kBadHostName, "badhostname"},
    {Subcode::kUnknownResourceName, "unknownresource"},
    {Subcode::kUnknownResourceValue, "unknownvalue"},
    {Subcode::kMasterUnknown, "masterunknown"},
    {Subcode::kLocalHostUnknown, "localhostunknown"},
    {Subcode::kRequestTooLarge, "requesttoolarge"},
};

}  // namespace

std::string_view subcodeName(Subcode s) {
  for (const auto& n : kNames)
    if (n.subcode == s) return n.name;
  return "";
}

Subcode subcodeFromName(std::string_view name) {
  for (const auto& n : kNames)
    if (!name.empty() && n.name == name) return n.subcode;
  return Subcode::kNone;
}

}  // namespace openlim::format
