#pragma once
// Errors are values in the core (docs/architecture.md, principle 4): Status carries a code, a
// finer subcode where a caller needs one, a message and an optional source position;
// Result<T> is a value or a Status. Callers decide on the code and subcode, never on the
// message: that is text for people.

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace openlim {

enum class Code {
  kOk = 0,
  kInvalid,      // malformed input (syntax, bad value)
  kNotFound,     // unknown name, missing file or host
  kNotEligible,  // known, but no host (or too few) satisfies the request now
  kUnsupported,  // recognised but not implemented (cu[], affinity[])
  kIo,           // could not read or write
  kUnavailable,  // a peer is down or did not answer
  kDenied,       // authentication or permission
  kInternal,     // broken invariant
};

// What the code alone does not say, set where the error is made, so that a caller can tell
// cases apart without reading the message (liblsf's LSE_* numbers, a command's words). The
// lim's replies carry it as "subcode" (docs/protocol.md); kNone = nothing finer to say.
enum class Subcode {
  kNone = 0,
  kUnknownHost,           // a host name the cluster does not know
  kBadHostName,           // a request field that must name a host does not (not a string)
  kUnknownResourceName,   // a resource requirement names no resource of the cluster
  kUnknownResourceValue,  // a value of a resource (a type, model, amount) it does not know
  kMasterUnknown,         // the lims answer, but none names a master that answers (lim, client)
  kLocalHostUnknown,      // no lim answered and the local host is not a cluster host (client)
  kRequestTooLarge,       // a request over the size a request may be: refused unsent (client)
};

// Where a problem is: a config file line, or a byte offset in a string.
struct SourcePos {
  std::string file;  // empty when not about a file
  int line = 0;      // 1-based; 0 = none
  int offset = -1;   // 0-based byte offset in a string or line; -1 = none
};

class Status {
 public:
  Status() = default;
  Status(Code code, std::string message, SourcePos pos = {})
      : code_(code), message_(std::move(message)), pos_(std::move(pos)) {}
  Status(Code code, Subcode subcode, std::string message, SourcePos pos = {})
      : code_(code), subcode_(subcode), message_(std::move(message)), pos_(std::move(pos)) {}

  static Status ok() { return Status(); }
  bool isOk() const { return code_ == Code::kOk; }
  explicit operator bool() const { return isOk(); }
  Code code() const { return code_; }
  Subcode subcode() const { return subcode_; }
  const std::string& message() const { return message_; }
  const SourcePos& pos() const { return pos_; }

  // "file:line: message" when a file is known, else the message alone.
  std::string toString() const {
    if (!pos_.file.empty() && pos_.line > 0)
      return pos_.file + ":" + std::to_string(pos_.line) + ": " + message_;
    return message_;
  }

 private:
  Code code_ = Code::kOk;
  Subcode subcode_ = Subcode::kNone;
  std::string message_;
  SourcePos pos_;
};

template <typename T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : v_(std::move(status)) { assert(!std::get<Status>(v_).isOk()); }  // NOLINT

  bool isOk() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return isOk(); }
  const T& value() const& { return std::get<T>(v_); }
  T& value() & { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  const Status& status() const {
    static const Status kOkStatus;
    return isOk() ? kOkStatus : std::get<Status>(v_);
  }

 private:
  std::variant<T, Status> v_;
};

}  // namespace openlim
