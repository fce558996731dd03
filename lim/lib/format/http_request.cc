#include "format/http_request.h"

#include <algorithm>

namespace openlim::format {
namespace {

// token = 1*tchar (RFC 9110 5.6.2)
bool isTchar(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool isToken(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), isTchar);
}

// origin-form (or "*"): visible ASCII only, starting with '/'.
bool isTarget(std::string_view s) {
  if (s.empty() || (s[0] != '/' && s != "*")) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

// One line of the head, without its line end (CRLF or a bare LF).
std::string_view nextLine(std::string_view& rest) {
  size_t nl = rest.find('\n');
  std::string_view line = rest.substr(0, nl);
  rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

HttpHeadReader::State HttpHeadReader::refuse(int status) {
  refusal_ = status;
  buf_.clear();
  buf_.shrink_to_fit();
  return state_ = State::kRefused;
}

HttpHeadReader::State HttpHeadReader::append(std::string_view bytes) {
  if (state_ != State::kNeedMore) return state_;
  // Only what can still belong to a head is kept: one byte past the limit tells "too big".
  bytes = bytes.substr(0, std::min(bytes.size(), kMaxHeadBytes + 1 - buf_.size()));
  buf_.append(bytes);
  // The head ends at an empty line: "\n\n" once any "\r" before each "\n" is set aside.
  // Searching resumes a few bytes back, so the cost stays linear in the bytes given.
  for (size_t i = scanned_; i < buf_.size(); ++i) {
    if (buf_[i] != '\n') continue;
    size_t j = i;
    if (j > 0 && buf_[j - 1] == '\r') --j;
    if (j > 0 && buf_[j - 1] == '\n') {
      state_ = parse(std::string_view(buf_).substr(0, j));
      buf_.clear();
      buf_.shrink_to_fit();
      return state_;
    }
  }
  scanned_ = buf_.size();
  if (buf_.size() > kMaxHeadBytes) return refuse(431);
  return state_;
}

// request-line = method SP request-target SP HTTP-version; then field-name ":" value lines.
HttpHeadReader::State HttpHeadReader::parse(std::string_view head) {
  // Empty lines before the request line are allowed (RFC 9112 2.2).
  while (head.starts_with("\r\n") || head.starts_with("\n"))
    head.remove_prefix(head[0] == '\r' ? 2 : 1);
  std::string_view line = nextLine(head);
  size_t sp1 = line.find(' ');
  size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
    return refuse(400);
  std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  std::string_view version = line.substr(sp2 + 1);
  if (!isToken(method) || !isTarget(target)) return refuse(400);
  if (version.size() != 8 || !version.starts_with("HTTP/") || version[6] != '.' ||
      version[5] < '0' || version[5] > '9' || version[7] < '0' || version[7] > '9')
    return refuse(400);
  if (version[5] != '1') return refuse(505);
  size_t fields = 0;
  while (!head.empty()) {
    std::string_view field = nextLine(head);
    if (field.empty()) break;
    size_t colon = field.find(':');
    if (colon == std::string_view::npos || !isToken(field.substr(0, colon))) return refuse(400);
    if (++fields > kMaxFields) return refuse(431);
  }
  head_ = {std::string(method), std::string(target), std::string(version), fields};
  return State::kComplete;
}

int metricsRoute(const HttpRequestHead& head) {
  std::string_view target = head.target;
  if (target.substr(0, target.find('?')) != "/metrics") return 404;
  return head.method == "GET" ? 200 : 405;
}

std::string_view httpReason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 431:
      return "Request Header Fields Too Large";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Unknown";
  }
}

std::string httpResponseHead(int status, std::string_view contentType, size_t contentLength,
                             std::string_view extra) {
  std::string h = "HTTP/1.1 " + std::to_string(status) + " ";
  h.append(httpReason(status));
  h.append("\r\nServer: openlim\r\nContent-Type: ");
  h.append(contentType);
  h.append("\r\nContent-Length: " + std::to_string(contentLength));
  h.append("\r\nConnection: close\r\n");
  h.append(extra);
  h.append("\r\n");
  return h;
}

}  // namespace openlim::format
