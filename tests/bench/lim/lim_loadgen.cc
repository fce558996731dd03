// Load generator: plays N hosts against one master lim over real UDP, sending signed load
// reports (20 indices) at a fixed rate.
//   lim_loadgen IP PORT KEYFILE PREFIX NHOSTS RATE SECONDS [holds]
// Hosts are PREFIX0..PREFIX<N-1> (they must be in the master's cluster file). Prints the
// number of reports sent; compare with the master's reports_ingested counter. With `holds`,
// each host's first load report is followed by its (empty) holds report, as a real lim
// tells a new master what reservations it keeps (docs/reservations.md); without it, a new
// master asks each host for it, as it would a lim whose report was lost.
#include <Poco/Exception.h>
#include <Poco/Net/DatagramSocket.h>
#include <Poco/Net/SocketAddress.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "hmac.h"
#include "key_file.h"
#include "protocol/frame.h"
#include "protocol/messages.h"

using namespace openlim;

int main(int argc, char** argv) {
  const bool holds = argc == 9 && std::string(argv[8]) == "holds";
  if (argc != 8 && !holds) {
    std::fprintf(stderr, "usage: lim_loadgen IP PORT KEYFILE PREFIX NHOSTS RATE SECONDS [holds]\n");
    return 2;
  }
  auto key = shell::readKeyFile(argv[3]);
  if (!key) {
    std::fprintf(stderr, "%s\n", key.status().message().c_str());
    return 1;
  }
  protocol::MacFn mac = shell::makeMacFn(*key);
  const std::string prefix = argv[4];
  const int hosts = std::atoi(argv[5]);
  const double rate = std::atof(argv[6]), seconds = std::atof(argv[7]);
  std::vector<std::string> bodies;
  for (int i = 0; i < hosts; ++i) {
    protocol::LoadReport r{.host = prefix + std::to_string(i)};
    for (const char* n :
         {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem", "ncpus",
          "ncores", "nthreads", "maxmem", "maxswp", "maxtmp", "ndisks", "cpuf"})
      r.numbers.push_back({n, 1.0 + i % 5, 0});
    r.strings.push_back({"type", "LINUX86"});
    bodies.push_back(protocol::encodeLoadReport(r, protocol::kMaxUdpBody)[0]);
  }
  Poco::Net::DatagramSocket sock(Poco::Net::SocketAddress::IPv4);
  sock.setSendBufferSize(4 << 20);
  Poco::Net::SocketAddress to(argv[1], static_cast<uint16_t>(std::atoi(argv[2])));
  const uint64_t epoch =
      static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  auto start = std::chrono::steady_clock::now();
  uint64_t sent = 0, seq = 0, failed = 0;
  for (;;) {
    double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (el >= seconds) break;
    uint64_t due = static_cast<uint64_t>(el * rate);
    while (sent < due) {
      protocol::Frame f{.kind = protocol::Kind::kLoadReport,
                        .isSigned = true,
                        .epoch = epoch,
                        .seq = ++seq,
                        .body = bodies[sent % bodies.size()]};
      std::string bytes = protocol::encodeFrame(f, &mac);
      try {
        sock.sendTo(bytes.data(), static_cast<int>(bytes.size()), to);
        if (holds && sent < bodies.size()) {
          protocol::Frame h{.kind = protocol::Kind::kAdmin,
                            .isSigned = true,
                            .epoch = epoch,
                            .seq = ++seq,
                            .body =
                                "{\"op\":\"holds\",\"part\":0,\"parts\":1,\"released\":[],"
                                "\"reservations\":[],\"sender\":\"" +
                                prefix + std::to_string(sent) + "\"}"};
          std::string hb = protocol::encodeFrame(h, &mac);
          sock.sendTo(hb.data(), static_cast<int>(hb.size()), to);
        }
        ++sent;
      } catch (const Poco::Exception& e) {
        ++failed;  // ENOBUFS and the like: the report never left; not a lim loss
        --seq;
        break;
      }
    }
  }
  std::printf("%llu\n", static_cast<unsigned long long>(sent));
  if (failed) std::fprintf(stderr, "%llu send failures\n", static_cast<unsigned long long>(failed));
  return 0;
}
