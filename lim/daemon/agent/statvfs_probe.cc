#include "agent/statvfs_probe.h"

#include <mutex>
#include <thread>

namespace openlim::agent {

// State shared with the worker thread; outlives the probe if the worker is hung.
struct StatvfsProbe::Shared {
  std::mutex mu;
  bool done = false;
  bool ok = false;
  FsSpace space;
};

StatvfsProbe::StatvfsProbe(std::string path, double timeoutSeconds, StatvfsFn fn)
    : path_(std::move(path)), timeout_(timeoutSeconds), fn_(std::move(fn)) {
  if (!fn_) fn_ = [](const char* p, struct statvfs* out) { return ::statvfs(p, out); };
}

StatvfsProbe::~StatvfsProbe() = default;

bool StatvfsProbe::start(double now) {
  if (state_ != State::kIdle) return false;
  auto shared = std::make_shared<Shared>();
  try {
    // The worker owns copies of everything it touches, so it may outlive this object.
    std::thread([shared, path = path_, fn = fn_] {
      struct statvfs st {};
      int rc = fn(path.c_str(), &st);
      std::lock_guard<std::mutex> lock(shared->mu);
      shared->done = true;
      shared->ok = rc == 0;
      if (shared->ok) {
        double frsize = static_cast<double>(st.f_frsize ? st.f_frsize : st.f_bsize);
        shared->space.freeMb = static_cast<double>(st.f_bavail) * frsize / (1024.0 * 1024.0);
        shared->space.totalMb = static_cast<double>(st.f_blocks) * frsize / (1024.0 * 1024.0);
      }
    }).detach();
  } catch (const std::system_error&) {
    ++failures_;
    return false;  // no thread available: try again at the next period
  }
  shared_ = std::move(shared);
  state_ = State::kPending;
  startedAt_ = now;
  return true;
}

std::optional<std::optional<FsSpace>> StatvfsProbe::poll(double now) {
  if (state_ == State::kIdle) return std::nullopt;
  bool done, ok;
  FsSpace space;
  {
    std::lock_guard<std::mutex> lock(shared_->mu);
    done = shared_->done;
    ok = shared_->ok;
    space = shared_->space;
  }
  if (done) {
    bool wasHung = state_ == State::kHung;
    state_ = State::kIdle;
    shared_.reset();
    if (wasHung) return std::nullopt;  // late answer: already reported unknown
    if (!ok) {
      ++failures_;
      return std::optional<FsSpace>();
    }
    return std::optional<FsSpace>(space);
  }
  if (state_ == State::kPending && now - startedAt_ >= timeout_) {
    state_ = State::kHung;
    ++timeouts_;
    return std::optional<FsSpace>();
  }
  return std::nullopt;
}

}  // namespace openlim::agent
