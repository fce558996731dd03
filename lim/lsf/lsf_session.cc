#include <memory>
#include <mutex>

#include "lsf/lsf.h"
#include "lsf_session.h"

namespace openlim::lsf {
namespace {

std::mutex gMutex;
std::shared_ptr<Client> gClient;  // shared: a reset while another thread asks keeps it alive

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
}

}  // namespace openlim::lsf
