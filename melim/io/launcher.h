#pragma once
// The real ProcessPort: starts each elim with Boost.Process in its own session (setsid), stdin
// from /dev/null, stdout and stderr on pipes read without blocking through asio, and every
// other descriptor closed on exec. Child exits are not handled here (see reaper in main).

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/supervisor.h"

namespace openlim::melim {

class Launcher : public ProcessPort {
 public:
  // afterEvent runs after each batch of bytes has been handed to the supervisor (to flush
  // output and re-arm the timer).
  Launcher(boost::asio::io_context& io, std::function<void()> afterEvent);
  ~Launcher() override;
  void setSupervisor(Supervisor* s) { sup_ = s; }

  Result<int> start(int probe, int generation, const std::string& path,
                    const std::vector<std::string>& args) override;
  void signalGroup(int pgid, int signal) override;
  void closeOutput(int probe, int generation) override;

  double (*clock)() = nullptr;  // monotonic seconds

 private:
  struct Stream {
    Stream(boost::asio::io_context& io, int fd) : sd(io, fd) {}
    boost::asio::posix::stream_descriptor sd;
    int probe = 0;
    int generation = 0;
    bool isStderr = false;
    bool open = true;
  };
  using StreamPtr = std::shared_ptr<Stream>;
  void arm(const StreamPtr& s);
  void drain(const StreamPtr& s);

  boost::asio::io_context& io_;
  std::function<void()> afterEvent_;
  Supervisor* sup_ = nullptr;
  std::multimap<int, StreamPtr> streams_;  // probe -> its open streams
};

}  // namespace openlim::melim
