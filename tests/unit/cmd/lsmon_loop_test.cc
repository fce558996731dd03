// lsmon's loop against a fake lim and a scripted screen: what each refresh hands the screen,
// how keys change the next request, and a failed refresh (a master failover) keeping the last
// table with an error line until the lim answers again.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <functional>

#include "commands.h"
#include "fake_lim.h"

namespace openlim::cmd::testing {
namespace {

namespace fs = std::filesystem;

struct Shown {
  bool hasSnap = false;
  size_t hosts = 0;
  std::string error;
  format::RunQueueMode mode = format::RunQueueMode::kRaw;
  std::string resreq;
};

// Plays the terminal: records every frame; each wait runs the next scripted step (which may
// change the fake lim) and returns its key, -1 (time for the next refresh) when the script
// is done.
class ScriptedScreen : public MonitorScreen {
 public:
  struct Step {
    std::function<void()> before;
    int key = -1;
    std::string answer;  // for a key that prompts
  };
  std::vector<Shown>* frames;
  std::deque<Step>* script;
  std::vector<std::string>* prompts;

  void render(const format::MonitorFrame& f) override {
    frames->push_back({f.snap != nullptr, f.snap ? f.snap->hosts.size() : 0, f.error,
                       f.settings->load.runQueues, f.settings->resreq});
  }
  void invalidate() override {}
  int waitKey(double) override {
    if (script->empty()) return -1;
    Step s = std::move(script->front());
    script->pop_front();
    if (s.before) s.before();
    answer_ = s.answer;
    return s.key;
  }
  std::optional<std::string> prompt(const std::string& q) override {
    prompts->push_back(q);
    return answer_;
  }

 private:
  std::string answer_;
};

class LsmonLoop : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::path dir = fs::path(OPENLIM_GOLDEN_DIR) / "fixtures" / "demo";
    for (const char* op : {"info", "load", "id"})
      lim.replies[op] = readText((dir / (std::string(op) + ".json")).string());
    goodLoad = lim.replies["load"];
  }

  int run(std::vector<std::string> args) {
    CmdIo io{out, err, lim, "hostA", nullptr};
    return runLsmon(args, io, [this]() -> std::unique_ptr<MonitorScreen> {
      auto s = std::make_unique<ScriptedScreen>();
      s->frames = &frames;
      s->script = &script;
      s->prompts = &prompts;
      return s;
    });
  }

  size_t loadRequests() const {
    size_t n = 0;
    for (const auto& r : lim.requests) n += r.find("\"op\":\"load\"") != std::string::npos;
    return n;
  }

  FakeLim lim;
  Out out, err;
  std::string goodLoad;
  std::vector<Shown> frames;
  std::deque<ScriptedScreen::Step> script;
  std::vector<std::string> prompts;
};

TEST_F(LsmonLoop, FailedRefreshKeepsTheLastTableAndSaysSoUntilTheLimAnswers) {
  script.push_back({[&] { lim.down = true; }});
  script.push_back({[&] { lim.down = false; }});
  EXPECT_EQ(run({"--count", "3"}), kExitOk);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_TRUE(frames[0].hasSnap);
  EXPECT_EQ(frames[0].error, "");
  EXPECT_TRUE(frames[1].hasSnap);  // the last table stays on the screen
  EXPECT_EQ(frames[1].hosts, frames[0].hosts);
  EXPECT_EQ(frames[1].error, "LIM is down; try later (retrying every 10s)");
  EXPECT_EQ(frames[2].error, "");
  EXPECT_EQ(loadRequests(), 3u);
}

TEST_F(LsmonLoop, WithoutARequirementHostsAreSortedByCpuAndPagingLoad) {
  EXPECT_EQ(run({"--count", "1"}), kExitOk);
  EXPECT_NE(lim.requests.back().find("order[r15s:pg]"), std::string::npos) << lim.requests.back();
  EXPECT_EQ(run({"-R", "select[cs]", "--count", "1"}), kExitOk);
  EXPECT_EQ(lim.requests.back().find("r15s:pg"), std::string::npos) << lim.requests.back();
}

TEST_F(LsmonLoop, ExitStatusAfterCountIsTheLastRefreshes) {
  script.push_back({[&] { lim.down = true; }});
  EXPECT_EQ(run({"--count", "2"}), kExitDown);
}

TEST_F(LsmonLoop, QuitEndsAtOnceWithSuccess) {
  script.push_back({nullptr, 'q'});
  EXPECT_EQ(run({}), kExitOk);
  EXPECT_EQ(frames.size(), 1u);
  EXPECT_EQ(loadRequests(), 1u);
}

TEST_F(LsmonLoop, RunQueueKeysRefreshAtOnceInTheNewMode) {
  script.push_back({nullptr, 'N'});
  script.push_back({nullptr, 'E'});
  script.push_back({nullptr, 'E'});
  script.push_back({nullptr, 'q'});
  EXPECT_EQ(run({}), kExitOk);
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[1].mode, format::RunQueueMode::kNormalised);
  EXPECT_EQ(frames[2].mode, format::RunQueueMode::kEffective);
  EXPECT_EQ(frames[3].mode, format::RunQueueMode::kRaw);
  EXPECT_EQ(loadRequests(), 4u);
}

TEST_F(LsmonLoop, NewRequirementAndHostCountGoToTheNextRequest) {
  script.push_back({nullptr, 'R', "order[mem]"});
  script.push_back({nullptr, 'n', "2"});
  script.push_back({nullptr, 'q'});
  EXPECT_EQ(run({}), kExitOk);
  ASSERT_EQ(prompts.size(), 2u);
  EXPECT_NE(lim.requests.back().find("order[mem]"), std::string::npos) << lim.requests.back();
  EXPECT_NE(lim.requests.back().find("\"n\":2"), std::string::npos) << lim.requests.back();
}

TEST_F(LsmonLoop, RefusedRequirementIsReportedAndThePreviousOneKept) {
  script.push_back(
      {[&] {
         lim.replies["load"] =
             R"({"ok":false,"code":"syntax","error":"Bad resource requirement syntax"})";
       },
       'R', "select[oops"});
  script.push_back({[&] { lim.replies["load"] = goodLoad; }});
  EXPECT_EQ(run({"-R", "order[r1m]", "--count", "3"}), kExitOk);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_NE(frames[1].error.find("requirement not changed"), std::string::npos) << frames[1].error;
  EXPECT_EQ(frames[1].resreq, "order[r1m]");
  EXPECT_NE(lim.requests.back().find("order[r1m]"), std::string::npos);
}

TEST_F(LsmonLoop, BadPromptAnswerIsShownAndChangesNothing) {
  script.push_back({nullptr, 'i', "soon"});
  script.push_back({nullptr, 'q'});
  EXPECT_EQ(run({}), kExitOk);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_NE(frames[1].error.find("interval"), std::string::npos);
  EXPECT_EQ(loadRequests(), 1u);  // no refresh for a refused answer
}

TEST_F(LsmonLoop, FirstRefreshFailureEndsTheCommandAsLsloadWould) {
  lim.replies["load"] =
      R"({"ok":false,"code":"notfound","error":"Not enough host(s) currently eligible"})";
  EXPECT_EQ(run({}), kExitNotFound);
  EXPECT_TRUE(frames.empty());
  EXPECT_NE(err.str().find("lsmon: Not enough host(s) currently eligible"), std::string::npos);
}

TEST_F(LsmonLoop, AcctFileGetsAHeaderOnceAndARecordPerRefresh) {
  fs::path f = fs::temp_directory_path() / ("lsmon_loop_" + std::to_string(::getpid()));
  fs::remove(f);
  EXPECT_EQ(run({"-L", f.string(), "-I", "r1m:mem", "--count", "2"}), kExitOk);
  EXPECT_EQ(run({"-L", f.string(), "-I", "r1m:mem", "--count", "1"}), kExitOk);
  std::string text = readText(f.string());
  fs::remove(f);
  EXPECT_EQ(text.rfind("r1m mem\n", 0), 0u);
  EXPECT_EQ(text.find("r1m mem\n", 1), std::string::npos);
  size_t hostALines = 0;
  for (size_t at = 0; (at = text.find(" hostA ok ", at)) != std::string::npos; ++at) ++hostALines;
  EXPECT_EQ(hostALines, 3u);
}

}  // namespace
}  // namespace openlim::cmd::testing
