#pragma once
// A small catalog shared by the melim unit tests.
#include "core/catalog.h"
#include "core/settings.h"

namespace openlim::melim::testing {

inline std::vector<NameSpec> testNames() {
  return {
      {"nio", NameKind::kNumeric, 10, true},      {"usr_tmp", NameKind::kNumeric, 60, true},
      {"osrel", NameKind::kString, 60, true},     {"tmp", NameKind::kBuiltin, 60, true},
      {"r1m", NameKind::kBuiltin, 60, true},      {"fs", NameKind::kBoolean, 60, true},
      {"cpu", NameKind::kAlias, 60, true},        {"osname", NameKind::kNotOverridable, 60, true},
      {"gpu_mem", NameKind::kNumeric, 30, false},  // defined in the cluster, not on this host
  };
}

}  // namespace openlim::melim::testing
