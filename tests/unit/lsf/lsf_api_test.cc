// LSF's C API against bad input and a fake lim on a loopback socket: null pointers and bad
// arguments, a refused resource requirement, no lim at all, an oversized reply. Each answer
// is an LSE_* number in lserrno, never a crash.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "loopback_lim.h"
#include "lsf/lsf.h"
#include "lsf_session.h"

namespace {

using namespace openlim::lsf::testing;

TEST_F(LsfApi, NullPointersAndBadArgumentsAreBadArgs) {
  useLim(closedPort());
  lserrno = LSE_NO_ERR;
  EXPECT_EQ(ls_load(nullptr, nullptr, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  int n = -1;
  EXPECT_EQ(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  EXPECT_EQ(ls_placereq(nullptr, nullptr, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  n = 1;
  EXPECT_EQ(ls_placeofhosts(nullptr, &n, 0, nullptr, nullptr, 2), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  char* holes[] = {nullptr, nullptr};
  EXPECT_EQ(ls_placeofhosts(nullptr, &n, 0, nullptr, holes, 2), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  EXPECT_EQ(ls_gethostinfo(nullptr, nullptr, nullptr, 0, 0), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  EXPECT_EQ(ls_loadinfo(nullptr, &n, 0, nullptr, holes, 1, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  EXPECT_EQ(ls_loadadj(nullptr, nullptr, 1), -1);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  placeInfo p{};
  p.numtask = -1;
  EXPECT_EQ(ls_loadadj(nullptr, &p, 1), -1);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  EXPECT_EQ(ls_lockhost(-5), -1);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  ls_perror(nullptr);  // prints, never crashes
  EXPECT_STREQ(ls_sysmsg(), "Bad arguments");
}

TEST_F(LsfApi, NoLimAnsweringIsLimDown) {
  useLim(closedPort());
  int n = 0;
  EXPECT_EQ(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_LIM_DOWN);
  EXPECT_STREQ(ls_sysmsg(), "LIM is down; try later");
  EXPECT_EQ(ls_getclustername(), nullptr);
  EXPECT_EQ(lserrno, LSE_LIM_DOWN);
}

// An argument too long for any request is the caller's mistake, LSE_BAD_ARGS (docs/client.md),
// not a lim that seems down: it is refused before anything is sent (here nothing listens, so
// anything sent would have ended in LSE_LIM_DOWN).
TEST_F(LsfApi, AnArgumentLargerThanARequestMayBeIsBadArgs) {
  useLim(closedPort());
  std::string big = "select[" + std::string(5u << 20, 'm') + "]";
  int n = 1;
  lserrno = LSE_NO_ERR;
  EXPECT_EQ(ls_placereq(big.data(), &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_ARGS);
  EXPECT_STREQ(ls_sysmsg(), "Bad arguments");
  char small[] = "select[mem>1]";
  EXPECT_EQ(ls_placereq(small, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_LIM_DOWN);  // the same call with a fitting argument
}

// The lim's reply is read as JSON to see whether to ask elsewhere: a redirect is followed
// once (here to the same lim, which redirects again: no master answers), and a lim that
// knows no master is passed over for the next (none here). This lim is too old to say why
// (no subcode): it reads as down (lsf_master_unknown_test.cc has the coded answer).
TEST_F(LsfApi, RedirectsAndLimsWithoutAMasterAreReadFromTheReply) {
  FakeLim redirect(frame(R"({"ok":false,"redirect":"fake"})"));
  useLim(redirect.port());
  EXPECT_EQ(ls_info(), nullptr);
  EXPECT_EQ(lserrno, LSE_MASTR_UNKNW);
  EXPECT_EQ(redirect.connections(), 2);
  FakeLim noMaster(frame(R"({"code":"unavailable","error":"LIM is down; try later","ok":false})"));
  useLim(noMaster.port());
  EXPECT_EQ(ls_info(), nullptr);
  EXPECT_EQ(lserrno, LSE_LIM_DOWN);
  EXPECT_EQ(noMaster.connections(), 1);
}

TEST_F(LsfApi, MissingLsfConfIsLsfConf) {
  ::setenv("LSF_ENVDIR", "/nonexistent/openlim-lsf-test", 1);
  openlim::lsf::resetSession();
  EXPECT_EQ(ls_getmastername(), nullptr);
  EXPECT_EQ(lserrno, LSE_LSFCONF);
}

TEST_F(LsfApi, RefusedResourceRequirementIsBadExp) {
  FakeLim lim(
      frame(R"({"ok":false,"code":"syntax","error":"Bad resource requirement syntax at 7: ]"})"));
  useLim(lim.port());
  int n = 1;
  char resreq[] = "select[";
  EXPECT_EQ(ls_placereq(resreq, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_EXP);
  EXPECT_TRUE(LSE_ISBAD_RESREQ(lserrno));
  EXPECT_STREQ(ls_sysmsg(), "Bad resource requirement syntax");
}

// The reply's subcode picks the number; its words are for people (here not LSF's at all).
TEST_F(LsfApi, UnknownResourceNameHasItsOwnNumber) {
  FakeLim lim(
      frame(R"({"ok":false,"code":"notfound","subcode":"unknownresource","error":"inconnue: x"})"));
  useLim(lim.port());
  int n = 0;
  char resreq[] = "select[x>1]";
  EXPECT_EQ(ls_load(resreq, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_UNKWN_RESNAME);
  EXPECT_STREQ(ls_sysmsg(), "Unknown resource name");
}

TEST_F(LsfApi, UnknownHostAndValueComeFromTheReplysSubcode) {
  FakeLim host(frame(R"({"ok":false,"code":"notfound","subcode":"unknownhost",)"
                     R"("error":"Host <nosuch> is not used by the cluster"})"));
  useLim(host.port());
  int n = 0;
  char nosuch[] = "nosuch";
  char* list[] = {nosuch};
  EXPECT_EQ(ls_gethostinfo(nullptr, &n, list, 1, 0), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_HOST);
  FakeLim value(frame(R"({"ok":false,"code":"syntax","subcode":"unknownvalue",)"
                      R"("error":"Unknown resource name <type> at 7"})"));
  useLim(value.port());
  char resreq[] = "select[type==SPARC]";
  n = 1;
  EXPECT_EQ(ls_placereq(resreq, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_UNKWN_RESVALUE);
}

// Without a subcode the code decides, whatever case the words seem to name.
TEST_F(LsfApi, AReplyWithoutASubcodeIsDecidedByItsCode) {
  FakeLim syntax(frame(R"({"ok":false,"code":"syntax",)"
                       R"("error":"Bad resource requirement syntax: select[host name] at 12"})"));
  useLim(syntax.port());
  int n = 1;
  char resreq[] = "select[host name]";
  EXPECT_EQ(ls_placereq(resreq, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_EXP);
  FakeLim notFound(frame(R"({"ok":false,"code":"notfound","error":"x: Unknown host"})"));
  useLim(notFound.port());
  n = 0;
  EXPECT_EQ(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_NO_HOST);
  // A subcode this library does not know reads as the code alone.
  FakeLim newer(frame(R"({"ok":false,"code":"notfound","subcode":"fromthefuture",)"
                      R"("error":"Unknown resource name <x> at 7"})"));
  useLim(newer.port());
  EXPECT_EQ(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_NO_HOST);
}

TEST_F(LsfApi, OversizedReplyIsAProtocolErrorNotAnAllocation) {
  FakeLim lim(header(0xF0000000u));  // 4 GB announced: over the 128 MiB a reply may be
  useLim(lim.port());
  int n = 0;
  EXPECT_EQ(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_PROTOC_LIM);
}

TEST_F(LsfApi, NotJsonIsAProtocolError) {
  FakeLim lim(frame("{\"ok\":tru"));
  useLim(lim.port());
  EXPECT_EQ(ls_info(), nullptr);
  EXPECT_EQ(lserrno, LSE_PROTOC_LIM);
}

TEST_F(LsfApi, LoadRowsFromAReply) {
  FakeLim lim(frame(R"({"ok":true,"cluster":"c","master":"m","hosts":[)"
                    R"({"name":"a","status":"ok","values":{"r15s":0.1,"r1m":0.5,"ut":0.25,)"
                    R"("mem":1000,"ncpus":2},"busy":["r1m"]},)"
                    R"({"name":"b","status":"unavail","values":{"r1m":null}}]})"));
  useLim(lim.port());
  int n = 0;
  hostLoad* rows = ls_load(nullptr, &n, 0, nullptr);
  ASSERT_NE(rows, nullptr) << ls_sysmsg();
  ASSERT_EQ(n, 2);
  EXPECT_STREQ(rows[0].hostName, "a");
  EXPECT_FLOAT_EQ(rows[0].li[R1M], 0.5f);
  EXPECT_FLOAT_EQ(rows[0].li[UT], 0.25f);
  EXPECT_FLOAT_EQ(rows[0].li[MEM], 1000.0f);
  EXPECT_EQ(rows[0].li[IO], INFINIT_LOAD);
  EXPECT_TRUE(LS_ISOK(rows[0].status));
  EXPECT_TRUE(LS_ISBUSYON(rows[0].status, R1M));
  EXPECT_FALSE(LS_ISBUSYON(rows[0].status, R15S));
  EXPECT_TRUE(LS_ISUNAVAIL(rows[1].status));
  EXPECT_EQ(rows[1].li[R1M], INFINIT_LOAD);
  n = 0;
  rows = ls_load(nullptr, &n, EFFECTIVE | OK_ONLY, nullptr);
  ASSERT_NE(rows, nullptr);
  EXPECT_EQ(n, 1);
  EXPECT_FLOAT_EQ(rows[0].li[R1M], 0.25f);  // 0.5 over 2 CPUs
  n = 3;
  EXPECT_EQ(ls_load(nullptr, &n, EXACT, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_NO_HOST);
}

// One reply that serves both the `info` and the `load` request of ls_load and ls_info.
const char* kInfoAndLoad =
    R"({"ok":true,"cluster":"c","master":"m","resources":[)"
    R"({"name":"r15s","type":"Numeric","builtin":true,"dynamic":true},)"
    R"({"name":"ncpus","type":"Numeric","builtin":true},)"
    R"({"name":"licenses","type":"Numeric","dynamic":true,"shared":true},)"
    R"({"name":"nio","type":"Numeric","dynamic":true},)"
    R"({"name":"owner","type":"String","dynamic":true},)"
    R"({"name":"usr_tmp","type":"Numeric","dynamic":true}],)"
    R"("hosts":[{"name":"a","status":"ok","values":{"r1m":0.5,"nio":344,"ncpus":2}}]})";

TEST_F(LsfApi, LoadGivesTheExternalIndicesAfterTheBuiltinsInLsInfosOrder) {
  FakeLim lim(frame(kInfoAndLoad));
  useLim(lim.port());
  lsInfo* info = ls_info();
  ASSERT_NE(info, nullptr) << ls_sysmsg();
  ASSERT_EQ(info->numIndx, NBUILTINDEX + 2);
  EXPECT_EQ(info->numUsrIndx, 2);
  EXPECT_STREQ(info->resTable[R15S].name, "r15s");
  EXPECT_STREQ(info->resTable[NBUILTINDEX].name, "nio");
  EXPECT_STREQ(info->resTable[NBUILTINDEX + 1].name, "usr_tmp");
  EXPECT_STREQ(info->resTable[NBUILTINDEX + 2].name, "ncpus");  // then the other resources
  int n = 0;
  hostLoad* rows = ls_load(nullptr, &n, 0, nullptr);
  ASSERT_NE(rows, nullptr) << ls_sysmsg();
  ASSERT_EQ(n, 1);
  EXPECT_FLOAT_EQ(rows[0].li[R1M], 0.5f);
  EXPECT_FLOAT_EQ(rows[0].li[NBUILTINDEX], 344.0f);
  EXPECT_EQ(rows[0].li[NBUILTINDEX + 1], INFINIT_LOAD);  // configured, not reported yet
  // ls_loadinfo with no names: the same indices, and their names in that order.
  char** names = nullptr;
  n = 0;
  rows = ls_loadinfo(nullptr, &n, 0, nullptr, nullptr, 0, &names);
  ASSERT_NE(rows, nullptr) << ls_sysmsg();
  ASSERT_NE(names, nullptr);
  int count = 0;
  while (names[count] != nullptr) ++count;
  ASSERT_EQ(count, NBUILTINDEX + 2);
  EXPECT_STREQ(names[NBUILTINDEX], "nio");
  EXPECT_FLOAT_EQ(rows[0].li[NBUILTINDEX], 344.0f);
  // Named: only those, in the caller's order; a name no host reports is refused.
  char nio[] = "nio", r1m[] = "r1m", nope[] = "nope";
  char* list[] = {nio, r1m, nullptr};
  names = list;
  rows = ls_loadinfo(nullptr, &n, 0, nullptr, nullptr, 0, &names);
  ASSERT_NE(rows, nullptr) << ls_sysmsg();
  EXPECT_FLOAT_EQ(rows[0].li[0], 344.0f);
  EXPECT_FLOAT_EQ(rows[0].li[1], 0.5f);
  char* bad[] = {nope, nullptr};
  names = bad;
  EXPECT_EQ(ls_loadinfo(nullptr, &n, 0, nullptr, nullptr, 0, &names), nullptr);
  EXPECT_EQ(lserrno, LSE_BAD_NAMELIST);
}

TEST_F(LsfApi, HostInfoHasABusyThresholdPerLoadIndexExternalOnesToo) {
  FakeLim lim(frame(kInfoAndLoad));
  useLim(lim.port());
  int n = 0;
  hostInfo* hosts = ls_gethostinfo(nullptr, &n, nullptr, 0, 0);
  ASSERT_NE(hosts, nullptr) << ls_sysmsg();
  ASSERT_EQ(n, 1);
  EXPECT_EQ(hosts[0].numIndx, NBUILTINDEX + 2);
  EXPECT_EQ(hosts[0].busyThreshold[NBUILTINDEX + 1], INFINIT_LOAD);
}

TEST_F(LsfApi, LoadAsksForTheIndexNamesOnlyWhenTheReplysValuesChange) {
  FakeLim lim(frame(kInfoAndLoad));
  useLim(lim.port());
  int n = 0;
  ASSERT_NE(ls_load(nullptr, &n, 0, nullptr), nullptr) << ls_sysmsg();
  EXPECT_EQ(lim.connections(), 2);  // load, then info for the external indices' names
  ASSERT_NE(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lim.connections(), 3);  // the same values: the names are known
  ASSERT_NE(ls_info(), nullptr);
  hostLoad* rows = ls_load(nullptr, &n, 0, nullptr);
  ASSERT_NE(rows, nullptr);
  EXPECT_EQ(lim.connections(), 5);  // ls_info's own request, then the load only
  EXPECT_FLOAT_EQ(rows[0].li[NBUILTINDEX], 344.0f);
}

TEST_F(LsfApi, NoMasterKnownIsMasterUnknown) {
  FakeLim lim(frame(R"({"ok":true,"cluster":"c","master":"","version":"v"})"));
  useLim(lim.port());
  EXPECT_EQ(ls_getmastername(), nullptr);
  EXPECT_EQ(lserrno, LSE_MASTR_UNKNW);
  EXPECT_STREQ(ls_getclustername(), "c");
}

TEST_F(LsfApi, PlacementNamesOneHostPerTask) {
  FakeLim lim(frame(R"({"ok":true,"hosts":["b","b","a"],"explain":[]})"));
  useLim(lim.port());
  int n = 3;
  char** hosts = ls_placereq(nullptr, &n, EXACT, nullptr);
  ASSERT_NE(hosts, nullptr) << ls_sysmsg();
  ASSERT_EQ(n, 3);
  EXPECT_STREQ(hosts[0], "b");
  EXPECT_STREQ(hosts[2], "a");
  EXPECT_EQ(hosts[3], nullptr);
}

TEST_F(LsfApi, HostInfoFromAReply) {
  FakeLim lim(frame(R"({"ok":true,"hosts":[{"name":"a","type":"LINUX86","model":"Generic",)"
                    R"("cpuf":100,"ncpus":8,"maxmem":null,"server":true,"resources":["cs"],)"
                    R"("thresholds":{"r1m":3.5}}]})"));
  useLim(lim.port());
  int n = 0;
  hostInfo* h = ls_gethostinfo(nullptr, &n, nullptr, 0, 0);
  ASSERT_NE(h, nullptr) << ls_sysmsg();
  ASSERT_EQ(n, 1);
  EXPECT_STREQ(h->hostType, "LINUX86");
  EXPECT_FLOAT_EQ(h->cpuFactor, 100);
  EXPECT_EQ(h->maxCpus, 8);
  EXPECT_EQ(h->maxMem, 0);  // not reported yet
  ASSERT_EQ(h->nRes, 1);
  EXPECT_STREQ(h->resources[0], "cs");
  EXPECT_FLOAT_EQ(h->busyThreshold[R1M], 3.5f);
  EXPECT_EQ(h->busyThreshold[MEM], INFINIT_LOAD);
  EXPECT_STREQ(ls_gethosttype(nullptr), "LINUX86");
  EXPECT_FLOAT_EQ(*ls_gethostfactor(nullptr), 100);
}

TEST_F(LsfApi, ErrnoIsPerThread) {
  lserrno = LSE_BAD_EXP;
  int other = -1;
  std::thread([&] { other = lserrno; }).join();
  EXPECT_EQ(other, LSE_NO_ERR);
  EXPECT_EQ(lserrno, LSE_BAD_EXP);
}

}  // namespace
