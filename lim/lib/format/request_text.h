#pragma once
// The one text of a request object that the client library and the commands send: one line,
// top-level keys sorted (the order the lims have always seen and the golden files record).

#include <string>

#include "format/json.h"

namespace openlim::format {

std::string requestText(const Json& request);

}  // namespace openlim::format
