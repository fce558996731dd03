#pragma once
// Turns the lim's JSON replies (docs/protocol.md) into the formatters' plain model
// (lim/lib/format/model.h). Missing fields take their defaults; a wrong type is unknown.

#include <vector>

#include <Poco/JSON/Object.h>

#include "format/misc_format.h"
#include "format/model.h"

namespace openlim::cmd {

format::Value parseValue(const Poco::Dynamic::Var& v);
format::LoadSnapshot parseLoad(const Poco::JSON::Object& reply);
format::ClusterInfo parseInfo(const Poco::JSON::Object& reply);
std::vector<format::HostInfo> parseHosts(const Poco::JSON::Object& reply);
std::vector<format::SharedInstance> parseShared(const Poco::JSON::Object& reply);
format::IdInfo parseId(const Poco::JSON::Object& reply);
std::vector<format::ElimHostStatus> parseElimStatus(const Poco::JSON::Object& reply);
// Strings of a JSON array field (absent or not an array: empty).
std::vector<std::string> stringList(const Poco::JSON::Object& o, const std::string& key);

}  // namespace openlim::cmd
