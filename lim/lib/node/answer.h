#pragma once
// A request's answer as the node decides it: whether it succeeded (for the op's statistics
// and for whoever acts on it), the master to redirect to, and the reply's JSON text, encoded
// here and nowhere else. Nothing decides on the text.

#include <string>

#include "openlim/status.h"

namespace openlim::node {

struct Answer {
  bool ok = true;
  bool deferred = false;  // no reply now: the node sends it later (a gather, a forward)
  std::string redirect;   // the master that answers instead ("" = none)
  std::string body;

  static Answer success(std::string body) { return {true, false, {}, std::move(body)}; }
  // {"code": code, "error": message, "ok": false}
  static Answer error(const std::string& code, const std::string& message);
  // The error reply of a failed decode or answer (its code from the Status code).
  static Answer failed(const Status& st);
  // {"code": "unavailable", "subcode": "masterunknown", ...}: this lim knows no master to answer
  // or to forward to (an election is under way). LSF's client reads it as LSE_MASTR_UNKNW.
  static Answer masterUnknown();
  // {"ok": false, "redirect": master}
  static Answer redirectTo(const std::string& master);
  static Answer later() { return {true, true, {}, {}}; }
};

}  // namespace openlim::node
