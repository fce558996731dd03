#pragma once
// Replay window per sender (docs/protocol.md): a frame is fresh when its boot epoch is larger
// than the last accepted one from that sender (the sender rebooted; the sequence restarts),
// or equal with a larger sequence. Never judged by clock.

#include <cstdint>
#include <string>
#include <unordered_map>

namespace openlim::protocol {

class ReplayGuard {
 public:
  enum class Verdict {
    kReplay,   // not fresh: dropped, nothing remembered
    kFirst,    // the first frame heard from this sender
    kFresh,    // a later frame of the boot last heard
    kNewBoot,  // a frame of a later boot: the sender's lim restarted since it was last heard
  };
  // Judges the frame and, when fresh, remembers it (one lookup: this is on every datagram's
  // path).
  Verdict checkAndAccept(const std::string& sender, uint64_t epoch, uint64_t seq);
  size_t senders() const { return last_.size(); }
  // The boot epoch of the last frame accepted from `sender`; 0 when none was.
  uint64_t epochOf(const std::string& sender) const;

 private:
  struct Mark {
    uint64_t epoch = 0;
    uint64_t seq = 0;
  };
  std::unordered_map<std::string, Mark> last_;
};

}  // namespace openlim::protocol
