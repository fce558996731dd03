#pragma once
// Cuts off HTTP connections that take too long: each connection is registered with a
// deadline when accepted; past it, the watchdog's thread shuts the socket down, which ends
// the blocked read or write of the thread serving it. POCO's receive timeout applies per
// read and so cannot stop a client that sends one byte just before each timeout.

#include <Poco/Net/StreamSocket.h>

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>

namespace openlim::lim {

class ConnectionWatchdog {
 public:
  ConnectionWatchdog();
  ~ConnectionWatchdog();  // stops the thread
  ConnectionWatchdog(const ConnectionWatchdog&) = delete;
  ConnectionWatchdog& operator=(const ConnectionWatchdog&) = delete;

  uint64_t add(const Poco::Net::StreamSocket& socket, double deadline);
  void extend(uint64_t id, double deadline);
  void remove(uint64_t id);
  uint64_t cutOff() const;
  // Shuts every registered connection down now (the server is stopping).
  void cutAll();  // connections shut down for their deadline

 private:
  struct Entry {
    Poco::Net::StreamSocket socket;
    double deadline;
  };
  void run();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<uint64_t, Entry> entries_;
  uint64_t nextId_ = 1;
  uint64_t cutOff_ = 0;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace openlim::lim
