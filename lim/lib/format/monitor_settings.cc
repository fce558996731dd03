#include "format/monitor_settings.h"

#include "util/strict_number.h"

namespace openlim::format {
namespace {

constexpr int kCtrlL = 12;

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

Result<int> boundedNumber(const std::string& text, int min, int max, const std::string& what) {
  Result<int> n = parseInt(text);
  if (!n || *n < min || *n > max)
    return Status(Code::kInvalid, what + " must be a whole number from " + std::to_string(min) +
                                      " to " + std::to_string(max));
  return *n;
}

}  // namespace

MonitorKey monitorKey(int ch) {
  switch (ch) {
    case 'q':
      return MonitorKey::kQuit;
    case kCtrlL:
      return MonitorKey::kRedraw;
    case 'i':
      return MonitorKey::kInterval;
    case 'n':
      return MonitorKey::kNumHosts;
    case 'N':
      return MonitorKey::kNormalised;
    case 'E':
      return MonitorKey::kEffective;
    case 'R':
      return MonitorKey::kResreq;
    default:
      return MonitorKey::kNone;
  }
}

bool needsAnswer(MonitorKey key) {
  return key == MonitorKey::kInterval || key == MonitorKey::kNumHosts || key == MonitorKey::kResreq;
}

std::string promptFor(MonitorKey key) {
  switch (key) {
    case MonitorKey::kInterval:
      return "New refresh interval (seconds): ";
    case MonitorKey::kNumHosts:
      return "Number of hosts to display (0 for all): ";
    case MonitorKey::kResreq:
      return "New resource requirement: ";
    default:
      return "";
  }
}

bool applyToggle(MonitorSettings& s, MonitorKey key) {
  RunQueueMode want;
  if (key == MonitorKey::kNormalised)
    want = RunQueueMode::kNormalised;
  else if (key == MonitorKey::kEffective)
    want = RunQueueMode::kEffective;
  else
    return false;
  s.load.runQueues = s.load.runQueues == want ? RunQueueMode::kRaw : want;
  return true;
}

Status applyAnswer(MonitorSettings& s, MonitorKey key, const std::string& answer) {
  std::string text = trimmed(answer);
  if (text.empty()) return Status::ok();
  if (key == MonitorKey::kInterval) {
    auto n = boundedNumber(text, 1, kMaxMonitorInterval, "The interval");
    if (!n) return n.status();
    s.interval = *n;
  } else if (key == MonitorKey::kNumHosts) {
    auto n = boundedNumber(text, 0, 1000000, "The number of hosts");
    if (!n) return n.status();
    s.numHosts = *n;
  } else if (key == MonitorKey::kResreq) {
    if (text.size() > kMaxMonitorResreq)
      return Status(Code::kInvalid, "The resource requirement is too long");
    s.resreq = text;
  }
  return Status::ok();
}

std::string keyHelp() {
  return "^L:redraw  i:interval  n:hosts  N:normalised  E:effective  R:res_req  q:quit";
}

}  // namespace openlim::format
