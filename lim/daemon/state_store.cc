#include "state_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "read_file.h"
#include "reserve/paths.h"
#include "reserve/reservation_json.h"

namespace openlim::lim {
namespace {

Status ioError(const std::string& path) {
  return Status(Code::kIo, path + ": " + std::strerror(errno));
}

Status writeAll(int fd, const std::string& text, const std::string& path) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ioError(path);
    done += static_cast<size_t>(n);
  }
  return Status::ok();
}

// The rename of a new snapshot is durable only once its directory is synced.
Status syncDir(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return ioError(dir);
  int rc = ::fsync(fd);
  ::close(fd);
  return rc == 0 ? Status::ok() : ioError(dir);
}

// Writes `text` to `path` so that a crash leaves the old file or the new one, never a part.
Status writeAtomically(const std::string& dir, const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return ioError(tmp);
  Status st = writeAll(fd, text, tmp);
  if (st && ::fsync(fd) != 0) st = ioError(tmp);
  if (::close(fd) != 0 && st) st = ioError(tmp);
  if (!st) return st;
  if (::rename(tmp.c_str(), path.c_str()) != 0) return ioError(path);
  return syncDir(dir);
}

// The name a file of `cluster` is kept aside under: characters other than letters, digits,
// '.', '-' and '_' become '_' (the name comes from the file), at most 64 of them.
std::string foreignPath(const std::string& path, const std::string& cluster) {
  std::string name;
  for (char c : cluster.substr(0, 64))
    name +=
        std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ? c : '_';
  return path + ".cluster-" + name;
}

}  // namespace

StateStore::~StateStore() {
  if (fd_ >= 0) ::close(fd_);
}

StateStore::Loaded StateStore::load(const std::string& dir, const std::string& host,
                                    const std::string& cluster) {
  dir_ = dir;
  host_ = host;
  cluster_ = cluster;
  snapshot_ = reserve::statePath(dir, host);
  journal_ = reserve::journalPath(dir, host);
  Loaded out;
  out.where = snapshot_;
  auto aside = [&](const std::string& path, const std::string& why) {
    std::string bad = path + ".bad";
    ::rename(path.c_str(), bad.c_str());
    out.errors.push_back(path + ": " + why + "; moved to " + bad);
  };
  auto foreign = [&](const std::string& path, const std::string& owner) {
    std::string to = foreignPath(path, owner);
    ::rename(path.c_str(), to.c_str());
    out.foreign.push_back(path + ": written by a lim of cluster " + owner + ", not of " + cluster +
                          "; moved to " + to + ", its reservations not adopted");
  };
  auto isForeign = [&](const std::string& owner) { return !owner.empty() && owner != cluster; };
  std::string snapshotOwner;  // the snapshot's cluster, when it is another one
  if (auto text = shell::readFile(snapshot_)) {
    if (auto state = reserve::parseHostState(*text); !state) {
      aside(snapshot_, state.status().message());  // kept for the admin, never overwritten
    } else if (isForeign(state->cluster)) {
      snapshotOwner = state->cluster;
      foreign(snapshot_, snapshotOwner);
    } else {
      snapshotBytes_ = text->size();
      out.unnamed = state->cluster.empty();
      out.snapshot = std::move(state->reservations);
      out.released = std::move(state->released);
      out.term = std::move(state->term);
    }
  }
  if (auto text = shell::readFile(journal_)) {
    reserve::JournalRead r = reserve::readJournal(*text);
    // A journal that names no cluster was appended after its snapshot: the snapshot's.
    std::string owner = r.cluster.empty() ? snapshotOwner : r.cluster;
    if (isForeign(owner)) {
      foreign(journal_, owner);
      return out;
    }
    out.journalFound = true;
    out.unnamed = out.unnamed || (r.cluster.empty() && !r.records.empty());
    out.records = std::move(r.records);
    out.tornTail = r.tornTail;
    if (!r.corrupt.isOk()) aside(journal_, r.corrupt.message());
  }
  return out;
}

Status StateStore::openJournal() {
  if (fd_ >= 0) return Status::ok();
  fd_ = ::open(journal_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) return ioError(journal_);
  off_t end = ::lseek(fd_, 0, SEEK_END);
  journalBytes_ = end > 0 ? static_cast<size_t>(end) : 0;
  return Status::ok();
}

Status StateStore::commit() {
  if (pending_.empty()) return Status::ok();
  std::string text = std::move(pending_);
  pending_.clear();
  if (Status st = openJournal(); !st) return st;
  if (journalBytes_ == 0) text = reserve::journalCluster(cluster_) + text;  // whose it is
  if (Status st = writeAll(fd_, text, journal_); !st) return st;
  journalBytes_ += text.size();
  if (::fdatasync(fd_) != 0) return ioError(journal_);
  return Status::ok();
}

bool StateStore::wantsCompaction() const {
  return journalBytes_ > std::max(kMinCompactBytes, 2 * snapshotBytes_);
}

Status StateStore::compact(const std::vector<reserve::Reservation>& all,
                           const std::vector<std::string>& released,
                           const reserve::VoterTerm& term) {
  pending_.clear();
  const std::string snapshotText = reserve::hostStateText(cluster_, host_, all, released, term);
  if (Status st = writeAtomically(dir_, snapshot_, snapshotText); !st) return st;
  snapshotBytes_ = snapshotText.size();
  // The snapshot holds everything now. Should the truncation not reach the disk, the old
  // records replay over it to the same state (replay is idempotent).
  if (Status st = openJournal(); !st) return st;
  if (::ftruncate(fd_, 0) != 0) return ioError(journal_);
  journalBytes_ = 0;
  return Status::ok();
}

}  // namespace openlim::lim
