#pragma once
// The query service's reply models (master/query_service.h) as the wire's JSON text
// (docs/protocol.md): compact, members of every object in key order. load and hosts are
// written in place (a full load at 100k hosts is tens of MB); the small ones go through a
// format::Json tree.

#include <string>

#include "master/query_service.h"
#include "openlim/status.h"

namespace openlim::master {

std::string loadReplyJson(const LoadReply& r);
std::string hostsReplyJson(const HostsReply& r);
std::string infoReplyJson(const InfoReply& r);
std::string placeReplyJson(const PlaceReply& r);
std::string loadAdjReplyJson(const LoadAdjReply& r);
std::string sharedReplyJson(const SharedReply& r);
std::string policyReplyJson(const PolicyQueryReply& r);  // the model with "ok": true
// {"code", "error", "ok": false, "subcode"?}: kInvalid/kUnsupported = syntax, kNotFound =
// notfound, kNotEligible = noteligible, kDenied = denied, else internal; the Status's subcode
// (when it has one) as "subcode".
std::string errorReplyJson(const Status& st);

}  // namespace openlim::master
