// openlim-cmd's dispatch: the command is the one argv[0] names (its last component); under
// openlim-cmd's own name the first argument names it; any other name is a usage error (2)
// that lists the commands.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "multicall.h"

namespace openlim::cmd {
namespace {

// What the fake commands saw: the name they were found under and their argv.
std::string gotName;
std::vector<std::string> gotArgs;

int record(const char* name, int argc, char** argv) {
  gotName = name;
  gotArgs.assign(argv, argv + argc);
  return 42;
}

constexpr NamedMain kTable[] = {{"lsid", record}, {"lsload", record}};

struct Argv {
  std::vector<std::string> words;
  std::vector<char*> ptrs;
  explicit Argv(std::vector<std::string> w) : words(std::move(w)) {
    for (auto& s : words) ptrs.push_back(s.data());
    ptrs.push_back(nullptr);
  }
  int argc() const { return static_cast<int>(words.size()); }
};

int dispatch(std::vector<std::string> words, Out& out, Out& err) {
  gotName.clear();
  gotArgs.clear();
  Argv a(std::move(words));
  return dispatchMain(kTable, kMultiCallName, a.argc(), a.ptrs.data(), out, err);
}

TEST(MultiCall, RunsTheCommandItsLinkNames) {
  Out out, err;
  EXPECT_EQ(dispatch({"/usr/bin/lsload", "-w", "hostA"}, out, err), 42);
  EXPECT_EQ(gotName, "lsload");
  EXPECT_EQ(gotArgs, (std::vector<std::string>{"/usr/bin/lsload", "-w", "hostA"}));
  EXPECT_EQ(dispatch({"lsid"}, out, err), 42);
  EXPECT_EQ(gotName, "lsid");
  EXPECT_EQ(err.str(), "");
}

TEST(MultiCall, UnderItsOwnNameTheFirstArgumentNamesTheCommand) {
  Out out, err;
  EXPECT_EQ(dispatch({"./build/openlim-cmd", "lsload", "-w"}, out, err), 42);
  EXPECT_EQ(gotName, "lsload");
  EXPECT_EQ(gotArgs, (std::vector<std::string>{"lsload", "-w"}));
}

TEST(MultiCall, AnUnknownNameIsAUsageErrorListingTheCommands) {
  Out out, err;
  EXPECT_EQ(dispatch({"/tmp/lsfoo", "-w"}, out, err), 2);
  EXPECT_EQ(gotName, "");
  EXPECT_NE(err.str().find("openlim-cmd: lsfoo: not a command of openlim\n"), std::string::npos);
  EXPECT_NE(err.str().find("Commands: lsid lsload\n"), std::string::npos);
  Out err2;
  EXPECT_EQ(dispatch({"openlim-cmd", "openlim-cmd"}, out, err2), 2);
  EXPECT_NE(err2.str().find("openlim-cmd: openlim-cmd: not a command"), std::string::npos);
  EXPECT_EQ(out.str(), "");
}

TEST(MultiCall, ItsOwnNameAloneIsAUsageErrorAndHelpListsOnStdout) {
  Out out, err;
  EXPECT_EQ(dispatch({"openlim-cmd"}, out, err), 2);
  EXPECT_NE(err.str().find("Commands: lsid lsload"), std::string::npos);
  EXPECT_EQ(out.str(), "");
  Out out2, err2;
  EXPECT_EQ(dispatch({"openlim-cmd", "-h"}, out2, err2), 0);
  EXPECT_NE(out2.str().find("Commands: lsid lsload"), std::string::npos);
  EXPECT_EQ(err2.str(), "");
}

TEST(MultiCall, CommandNameIsTheLastPathComponent) {
  EXPECT_EQ(commandName("/usr/bin/lsload"), "lsload");
  EXPECT_EQ(commandName("lsload"), "lsload");
  EXPECT_EQ(commandName("a/b/"), "");
  EXPECT_EQ(findMain(kTable, "lsloa"), nullptr);
  EXPECT_NE(findMain(kTable, "lsid"), nullptr);
}

}  // namespace
}  // namespace openlim::cmd
