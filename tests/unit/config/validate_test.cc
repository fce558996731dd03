// The whole-configuration checks lim and lsadmin ckconfig share: every host has an address,
// one Host row per machine; and the checksum follows content, not layout.
#include <gtest/gtest.h>

#include "config/validate.h"
#include "config_fixture.h"

namespace openlim::testing {
namespace {

constexpr Severity kE = Severity::kError;

class Addresses : public ::testing::Test {
 protected:
  // kCluster (hostA line 3, hostB line 4) with `hosts` as the hosts file (none when null);
  // the resolver knows only the names in `resolvable`.
  ConfigLoad load(const char* hosts, std::set<std::string> resolvable = {},
                  const std::string& cluster = kCluster) {
    d_.write("lsf.shared", kShared);
    d_.write("lsf.cluster.test", cluster);
    if (hosts) d_.write("hosts", hosts);
    return loadConfig(
        d_.dir(), [](const std::string&) { return std::nullopt; },
        [resolvable](const std::string& h) { return resolvable.count(h) > 0; });
  }
  ConfigDir d_;
};

TEST_F(Addresses, HostsFileMissingAndNamesUnknownToTheResolverAreErrors) {
  auto l = load(nullptr);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", 3, kE,
                      "host <hostA> has no address: no hosts file " + d_.path("hosts") +
                          ", and the system resolver does not know it"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", 4, kE, "host <hostB> has no address"), 1);
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);
  EXPECT_FALSE(l.snapshot);  // lim would not start: ckconfig says so first
}

TEST_F(Addresses, EmptyHostsFileIsNoAddressEither) {
  auto l = load("", {"hostB"});
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 3, kE,
                   "host <hostA> has no address: not in " + d_.path("hosts"));
}

TEST_F(Addresses, ResolverOrHostsFileEitherWill) {
  EXPECT_TRUE(load(nullptr, {"hostA", "hostB"}).snapshot);
  auto l = load("127.0.0.1 hostA\n127.0.0.2 HOSTB\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
}

TEST_F(Addresses, WithoutAResolverOnlyTheHostsFileIsChecked) {
  d_.write("lsf.shared", kShared);
  d_.write("lsf.cluster.test", kCluster);
  EXPECT_TRUE(d_.load().snapshot);  // tests and tools that resolve nothing
}

TEST_F(Addresses, AliasOfAnotherHostIsAnError) {
  std::string cluster = kCluster;
  cluster.insert(cluster.find("End Host"), "hosta.demo  Generic  LINUX86  1  ()  ()  ()\n");
  auto l = load("127.0.0.1 hostA hosta.demo\n127.0.0.2 hostB\n", {}, cluster);
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 5, kE,
                   "host <hosta.demo> is the same machine as host <hostA> (" + d_.path("hosts") +
                       ":1 maps both to 127.0.0.1); one Host row per machine");
  EXPECT_FALSE(l.snapshot);
}

// Two hosts-file lines giving one address to two Host rows: the second lim would find the
// first one's ports taken, so it is an error naming both hosts and both lines.
TEST_F(Addresses, TwoHostsOnOneAddressIsAnErrorNamingBoth) {
  auto l = load("# cluster\n10.1.2.3 hostB\n10.9.9.9 other\n10.1.2.3 hostA\n");
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 4, kE,
                   "host <hostB> has the same address as host <hostA> (" + d_.path("hosts") +
                       ":2 and " + d_.path("hosts") + ":4 both give 10.1.2.3)");
  EXPECT_FALSE(l.snapshot);
}

TEST_F(Addresses, OneIpv6AddressSpelledTwoWaysIsStillOneAddress) {
  auto l = load("fd00::7 hostA\nfd00:0:0:0:0:0:0:7 hostB\n");
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 4, kE,
                   "host <hostB> has the same address as host <hostA>");
}

TEST_F(Addresses, DistinctAddressesAndUnlistedHostsAreNoConflict) {
  auto l = load("10.1.2.3 hostA\n10.1.2.4 hostB\n10.1.2.4 unlisted\n");
  EXPECT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
}

TEST(Checksum, LineEndingsCommentsAndBlanksDoNotChangeIt) {
  std::string base = "Begin Host\nHOSTNAME  model\nhostA  Generic\nEnd Host\n";
  uint64_t h = config::normalizedDigest(base, 1);
  auto same = [&](std::string text) { return config::normalizedDigest(text, 1) == h; };
  EXPECT_TRUE(same("Begin Host\r\nHOSTNAME  model\r\nhostA  Generic\r\nEnd Host\r\n"));
  EXPECT_TRUE(
      same("# header\n\nBegin Host   # a comment\nHOSTNAME\tmodel\n  hostA Generic  \n"
           "End Host"));
  EXPECT_TRUE(same("Begin Host\nHOSTNAME  model\nhostA \\\n Generic\nEnd Host\n"));
  EXPECT_FALSE(same("Begin Host\nHOSTNAME  model\nhostA  Generic2\nEnd Host\n"));
  EXPECT_FALSE(same("Begin Host\nHOSTNAME  model\nhostB  Generic\nEnd Host\n"));
  EXPECT_FALSE(same("Begin Host\nhostname  model\nhostA  Generic\nEnd Host\n"));
  // Blanks inside quotes and parentheses are content (descriptions, lists).
  EXPECT_NE(config::normalizedDigest("x (a  b)\n", 1), config::normalizedDigest("x (a b)\n", 1));
  EXPECT_NE(config::normalizedDigest("x \"a  b\"\n", 1),
            config::normalizedDigest("x \"a b\"\n", 1));
  // A binary file still has a digest of its own.
  EXPECT_NE(config::normalizedDigest(std::string("a\0b", 3), 1),
            config::normalizedDigest(std::string("a\0c", 3), 1));
}

TEST(Checksum, CrlfCopyOfTheClusterHasTheSameChecksum) {
  ConfigDir lf, crlf;
  auto toCrlf = [](std::string s) {
    std::string out;
    for (char c : s) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
  };
  lf.write("lsf.shared", kShared);
  lf.write("lsf.cluster.test", kCluster);
  crlf.write("lsf.shared", toCrlf(kShared));
  crlf.write("lsf.cluster.test", toCrlf(std::string("# edited on Windows\n") + kCluster));
  auto a = lf.load(), b = crlf.load();
  ASSERT_TRUE(a.snapshot && b.snapshot) << dump(b);
  EXPECT_EQ(a.snapshot->checksum, b.snapshot->checksum);
  ConfigDir changed;
  changed.write("lsf.shared", kShared);
  std::string c = kCluster;
  c.replace(c.find("3.5"), 3, "4.5");
  changed.write("lsf.cluster.test", c);
  EXPECT_NE(changed.load().snapshot->checksum, a.snapshot->checksum);
}

}  // namespace
}  // namespace openlim::testing
