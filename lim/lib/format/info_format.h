#pragma once
// lsinfo's layouts (LSF's command reference): the resource table, TYPE_NAME, MODEL_NAME, and the
// long form (-l). Pure.

#include <string>
#include <vector>

#include "openlim/model.h"

namespace openlim::format {

struct InfoOptions {
  bool longFormat = false;  // -l
  bool resources = false;   // -r
  bool models = false;      // -m
  bool allModels = false;   // -M
  std::vector<std::string> names;
};

struct InfoText {
  std::string out;
  std::vector<std::string> notFound;  // names given that are not resources
};

// Rows in LSF's order: built-in load indices, external indices, static numerics,
// booleans, strings, shared numerics (stable within each group). Derived resources (A_*,
// NLB_*) are left out.
std::vector<const ResourceInfo*> lsinfoOrder(const ClusterInfo& info);
InfoText formatInfo(const ClusterInfo& info, const InfoOptions& opts);

const char* typeName(ResourceType t);
const char* orderName(Direction d);

}  // namespace openlim::format
