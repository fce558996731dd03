#include "peer_addresses.h"

#include <gtest/gtest.h>

namespace openlim::lim {
namespace {

ConfigSnapshot config(std::vector<std::string> hosts, std::vector<HostAddress> addresses) {
  ConfigSnapshot c;
  for (auto& h : hosts) c.hosts.push_back(HostConfig{.name = h});
  c.addresses = std::move(addresses);
  return c;
}

struct CountingResolver {
  int calls = 0;
  PeerAddresses::Resolver fn() {
    return [this](const std::string& name) -> std::optional<std::string> {
      ++calls;
      if (name == "dnsonly") return "10.1.2.3";
      return std::nullopt;
    };
  }
};

TEST(PeerAddresses, HostsFileNamesAndAliasesNeedNoResolver) {
  CountingResolver r;
  auto resolve = r.fn();
  PeerAddresses p;
  p.rebuild(config({"hostA", "hostB"},
                   {{"127.5.1.11", "hostA", {"a"}, 1}, {"127.5.1.12", "hostB", {}, 2}}),
            7869, &resolve, nullptr);
  EXPECT_EQ(r.calls, 0);
  EXPECT_EQ(p.ip("HOSTA"), "127.5.1.11");  // case-insensitive, as the config's names
  EXPECT_EQ(p.ip("a"), "127.5.1.11");
  ASSERT_NE(p.find("hostB"), nullptr);
  EXPECT_EQ(p.find("hostB")->port(), 7869);
  EXPECT_EQ(p.find("elsewhere"), nullptr);  // unknown names are never looked up
  EXPECT_EQ(p.unresolved(), 0u);
}

TEST(PeerAddresses, NumericNamesAreTheirOwnAddress) {
  CountingResolver r;
  auto resolve = r.fn();
  PeerAddresses p;
  p.rebuild(config({"10.9.8.7"}, {}), 7869, &resolve, nullptr);
  EXPECT_EQ(r.calls, 0);
  EXPECT_EQ(p.ip("10.9.8.7"), "10.9.8.7");
}

TEST(PeerAddresses, OthersAreResolvedOnceAtStartUpAndKeptAcrossAReconfig) {
  CountingResolver r;
  auto resolve = r.fn();
  PeerAddresses p;
  p.rebuild(config({"dnsonly", "nowhere"}, {}), 7869, &resolve, nullptr);
  EXPECT_EQ(r.calls, 2);
  EXPECT_EQ(p.ip("dnsonly"), "10.1.2.3");
  EXPECT_FALSE(p.ip("nowhere").has_value());
  EXPECT_EQ(p.unresolved(), 1u);
  // A reconfig rebuilds without the resolver: known names keep their address, new ones
  // without a hosts-file entry get none.
  p.rebuild(config({"dnsonly", "nowhere", "newcomer"}, {}), 7869, nullptr, &p);
  EXPECT_EQ(r.calls, 2);
  EXPECT_EQ(p.ip("dnsonly"), "10.1.2.3");
  EXPECT_FALSE(p.ip("newcomer").has_value());
  EXPECT_EQ(p.unresolved(), 2u);
}

TEST(PeerAddresses, ANonNumericHostsFileAddressIsNeverResolved) {
  CountingResolver r;
  auto resolve = r.fn();
  PeerAddresses p;
  p.rebuild(config({"odd"}, {{"not-an-ip", "odd", {}, 1}}), 7869, &resolve, nullptr);
  EXPECT_EQ(r.calls, 1);  // the name itself, at start-up; the bad address is skipped
  EXPECT_FALSE(p.ip("odd").has_value());
}

}  // namespace
}  // namespace openlim::lim
