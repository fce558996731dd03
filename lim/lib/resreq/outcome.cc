// Names of placement outcomes, shared by the master's place reply and lsplace's -json output.
#include "openlim/resreq.h"

namespace openlim {

namespace {
constexpr std::pair<Outcome, const char*> kOutcomeNames[] = {
    {Outcome::kChosen, "chosen"},         {Outcome::kRejected, "rejected"},
    {Outcome::kIneligible, "ineligible"}, {Outcome::kDropped, "dropped"},
    {Outcome::kNotNeeded, "notneeded"},
};
}  // namespace

const char* outcomeName(Outcome o) {
  for (const auto& [outcome, name] : kOutcomeNames)
    if (outcome == o) return name;
  return "rejected";
}

Outcome outcomeFromName(std::string_view name) {
  for (const auto& [outcome, n] : kOutcomeNames)
    if (name == n) return outcome;
  return Outcome::kRejected;
}

}  // namespace openlim
