#include <memory>
#include <mutex>

#include "lsf/lsf.h"
#include "lsf_session.h"

namespace openlim::lsf {
namespace {

std::mutex gMutex;
std::shared_ptr<Client> gClient;  // shared: a reset while another thread asks keeps it alive

struct KnownIndices {
  std::vector<std::string> indices;
  std::vector<std::string> seenWith;
  bool adoptNext = false;  // ls_info noted them: the next load reply's names are the key
};
std::optional<KnownIndices> gIndices;  // guarded by gMutex

}  // namespace

Client* session() {
  // The client lives for the process (a reset is for tests): a raw pointer is safe to hand out.
  static thread_local std::shared_ptr<Client> tHeld;
  std::lock_guard<std::mutex> lock(gMutex);
  if (!gClient) {
    auto c = Client::fromEnvironment();
    if (!c) {
      fail(c.status().code() == Code::kInvalid ? LSE_BAD_ENV : LSE_LSFCONF);
      return nullptr;
    }
    gClient = std::move(c.value());
  }
  tHeld = gClient;
  return tHeld.get();
}

void resetSession() {
  std::lock_guard<std::mutex> lock(gMutex);
  gClient.reset();
  gIndices.reset();
}

void noteLoadIndices(std::vector<std::string> indices, std::vector<std::string> seenWith) {
  std::lock_guard<std::mutex> lock(gMutex);
  const bool adopt = seenWith.empty();
  gIndices = KnownIndices{std::move(indices), std::move(seenWith), adopt};
}

std::optional<std::vector<std::string>> lastLoadIndices() {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!gIndices) return std::nullopt;
  return gIndices->indices;
}

std::optional<std::vector<std::string>> knownLoadIndices(const std::vector<std::string>& seenWith) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!gIndices) return std::nullopt;
  if (gIndices->adoptNext) {
    gIndices->seenWith = seenWith;
    gIndices->adoptNext = false;
  } else if (gIndices->seenWith != seenWith) {
    return std::nullopt;
  }
  return gIndices->indices;
}

}  // namespace openlim::lsf
