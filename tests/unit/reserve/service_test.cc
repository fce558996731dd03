// The master's reservation service through its production path (request JSON -> handle ->
// reply JSON, the load table's snapshot): what a reservation holds is gone for placement,
// lsload's consumables and the shared instances; who may reserve, renew and release; the
// rebuild window; the admission hook.
#include "reserve/service.h"

#include <gtest/gtest.h>

#include "fixture.h"
#include "format/json.h"
#include "policy/policies_file.h"
#include "policy/policy_config.h"
#include "reserve/plan.h"

namespace openlim::reserve {
namespace {

using format::Json;

Json parse(const std::string& text) {
  auto j = format::parseJson(text);
  EXPECT_TRUE(j.isOk()) << text;
  return j ? *j : Json();
}

// The fixture's cluster with three policies: most CPUs first, every host in one band, and
// the best rating first.
ConfigPtr withPolicies() {
  auto c = std::make_shared<ConfigSnapshot>(*testing::makeConfig());
  auto pc = std::make_shared<policy::PolicyConfig>();
  policy::PoliciesLoad l = policy::parsePolicies(
      "policy: wide\nsort: ncpus\npolicy: turns\nsort: ncpus\nband: 100\n"
      "policy: rated\nsort: rating\n",
      "test");
  pc->engine = policy::PolicyEngine::compile(*c, l.set, "test").engine;
  c->policies = pc;
  return c;
}

class Service : public ::testing::Test {
 protected:
  explicit Service(ConfigPtr config = testing::makeConfig())
      : table_(std::move(config)), service_("hostA") {
    testing::reportAll(table_, 1);
  }

  Json call(const std::string& req, bool isSigned = true, const AdmissionCheck* check = nullptr) {
    auto parsed = format::parseJson(req);
    EXPECT_TRUE(parsed.isOk()) << req;
    ServiceContext ctx{
        {table_.snapshot(now_), "hostA", &cache_, &table_, now_}, wall_, isSigned, check};
    return parse(service_.handle(parsed->stringOr("op"), *parsed, ctx, &effects_).body);
  }
  std::vector<std::string> place(const std::string& extra = "") {
    master::QueryContext q{table_.snapshot(now_), "hostA", &cache_, nullptr, now_};
    auto req = master::decodePlaceRequest(parse(R"({"op":"place","n":0)" + extra + "}"));
    auto r = master::answerPlace(*req, q);
    return r && r->result.status.isOk() ? r->result.slots : std::vector<std::string>{};
  }

  master::LoadTable table_;
  RequestCache cache_;
  ReservationService service_;
  Effects effects_;
  double now_ = 2, wall_ = 1000;
};

TEST_F(Service, ReservedSlotsAreTakenFromNcpusForPlacement) {
  EXPECT_EQ(place().size(), 7u);  // 4 + 2 + 1
  Json r = call(R"({"op":"reserve","n":4,"hosts":["hostA"],"caller":"alice"})");
  ASSERT_TRUE(r.find("ok")->asBool()) << r.compact();
  EXPECT_EQ(r.find("hosts")->size(), 4u);
  EXPECT_EQ(effects_.put.size(), 1u);
  auto after = place();
  EXPECT_EQ(after.size(), 3u);
  for (const auto& h : after) EXPECT_NE(h, "hostA");
  // Another reservation on the full host: not enough hosts.
  Json full = call(R"({"op":"reserve","n":1,"hosts":["hostA"],"caller":"alice"})");
  EXPECT_FALSE(full.find("ok")->asBool());
  EXPECT_EQ(full.stringOr("code"), "noteligible");
  // Released: the slots come back.
  std::string id = r.stringOr("id");
  Json rel = call(R"({"op":"release","ids":[")" + id + R"("],"caller":"alice"})");
  EXPECT_TRUE(rel.find("results")->items()[0].find("ok")->asBool()) << rel.compact();
  EXPECT_EQ(place().size(), 7u);
}

TEST_F(Service, RusageAmountsAreSubtractedPerHostAndFromTheSharedInstance) {
  Json r = call(R"({"op":"reserve","n":2,"hosts":["hostB"],"resreq":"rusage[mem=500:licenses=3]",)"
                R"("caller":"alice"})");
  ASSERT_TRUE(r.find("ok")->asBool()) << r.compact();
  HostTablePtr t = table_.snapshot(now_);
  int mem = t->config->resourceIndex("mem"), lic = t->config->resourceIndex("licenses");
  auto at = [&](int slot, const char* host) {
    return t->columns[static_cast<size_t>(slot)].numbers[static_cast<size_t>(t->row(host))];
  };
  EXPECT_DOUBLE_EQ(at(mem, "hostB"), 3000);  // 4000 - 2 x 500, and it does not decay
  EXPECT_DOUBLE_EQ(at(mem, "hostA"), 4000);
  EXPECT_DOUBLE_EQ(at(lic, "hostA"), 4);  // 10 - 2 x 3, on every host of the instance
  EXPECT_DOUBLE_EQ(at(lic, "hostB"), 4);
  EXPECT_DOUBLE_EQ(table_.heldOnInstance(0), 6);
  now_ = 1000;  // long after any placement adjustment would have decayed
  testing::reportAll(table_, now_);
  t = table_.snapshot(now_);
  EXPECT_DOUBLE_EQ(at(mem, "hostB"), 3000);
  // Two more licenses than remain: refused.
  Json more = call(R"({"op":"reserve","n":2,"resreq":"rusage[licenses=3]","caller":"bob"})");
  EXPECT_FALSE(more.find("ok")->asBool()) << more.compact();
}

TEST_F(Service, WriteOpsMustBeSignedAndNameTheirCaller) {
  Json r = call(R"({"op":"reserve","caller":"alice"})", false);
  EXPECT_EQ(r.stringOr("code"), "denied");
  EXPECT_EQ(service_.counters().deniedUnsigned, 1u);
  Json anon = call(R"({"op":"reserve"})");
  EXPECT_EQ(anon.stringOr("code"), "denied");
}

TEST_F(Service, OnlyRootAndClusterAdminsReserveOrReleaseForAnotherUser) {
  Json bad = call(R"({"op":"reserve","user":"bob","caller":"alice"})");
  EXPECT_EQ(bad.stringOr("code"), "denied");
  EXPECT_EQ(service_.counters().deniedUser, 1u);
  Json admin = call(R"({"op":"reserve","user":"bob","caller":"lsfadmin"})");
  ASSERT_TRUE(admin.find("ok")->asBool());
  EXPECT_EQ(admin.find("reservation")->stringOr("user"), "bob");
  Json root = call(R"({"op":"reserve","user":"bob","caller":"root"})");
  ASSERT_TRUE(root.find("ok")->asBool());
  std::string id = admin.stringOr("id");
  Json other = call(R"({"op":"release","ids":[")" + id + R"("],"caller":"alice"})");
  const Json& item = other.find("results")->items()[0];
  EXPECT_EQ(item.stringOr("code"), "denied");
  EXPECT_NE(service_.ledger().find(id), nullptr);
  Json own = call(R"({"op":"release","ids":[")" + id + R"("],"caller":"bob"})");
  EXPECT_TRUE(own.find("results")->items()[0].find("ok")->asBool());
  Json twice = call(R"({"op":"release","ids":[")" + id + R"("],"caller":"bob"})");
  EXPECT_EQ(twice.find("results")->items()[0].stringOr("error"),
            "Reservation " + id + " is already released");
}

TEST_F(Service, ListsTheCallersOwnByDefaultAndAllOnRequest) {
  call(R"({"op":"reserve","caller":"alice","project":"p1","queue":"q","pe":"mpi"})");
  call(R"({"op":"reserve","caller":"bob"})");
  Json mine = call(R"({"op":"reservations","caller":"alice"})");
  ASSERT_EQ(mine.find("reservations")->size(), 1u);
  const Json& r = mine.find("reservations")->items()[0];
  EXPECT_EQ(r.stringOr("project"), "p1");
  EXPECT_EQ(r.stringOr("queue"), "q");
  EXPECT_EQ(r.stringOr("pe"), "mpi");
  EXPECT_EQ(r.find("expires")->asNumber(), 1000 + 3600);  // RESERVATION_LEASE's default
  EXPECT_EQ(
      call(R"({"op":"reservations","caller":"alice","user":"all"})").find("reservations")->size(),
      2u);
}

TEST_F(Service, RenewMovesTheLeaseAndExpiryReturnsTheSlots) {
  Json r = call(R"({"op":"reserve","n":4,"hosts":["hostA"],"lease":60,"caller":"alice"})");
  ASSERT_TRUE(r.find("ok")->asBool());
  std::string id = r.stringOr("id");
  EXPECT_EQ(r.find("reservation")->find("expires")->asNumber(), 1060);
  wall_ = 1050;
  Json renewed = call(R"({"op":"renew","id":")" + id + R"(","lease":100,"caller":"alice"})");
  EXPECT_EQ(renewed.find("reservation")->find("expires")->asNumber(), 1150);
  Effects fx;
  service_.expire(1149, table_, now_, &fx);
  EXPECT_TRUE(fx.empty());
  service_.expire(1150, table_, now_, &fx);
  ASSERT_EQ(fx.dropped.size(), 1u);
  EXPECT_EQ(place().size(), 7u);
}

TEST_F(Service, ANewMasterRefusesReservationsUntilTheLedgerIsRebuilt) {
  service_.beginRebuild(now_, {.settle = 5, .limit = 15, .askEvery = 1}, table_.config());
  Json r = call(R"({"op":"reserve","caller":"alice"})");
  EXPECT_EQ(r.stringOr("code"), "rebuilding");
  // Nor renew or release (found by the simulator, tests/sim seed 2181): the ledger would
  // call a kept reservation unknown, or renew a stale copy.
  EXPECT_EQ(call(R"({"op":"renew","id":"old:1.1","caller":"alice"})").stringOr("code"),
            "rebuilding");
  EXPECT_EQ(call(R"({"op":"release","ids":["old:1.1"],"caller":"alice"})").stringOr("code"),
            "rebuilding");
  Effects fx;
  service_.merge("hostA", {testing::simple("old:1.1", "alice", 5000, "hostA", 4)}, wall_, table_,
                 now_, &fx);
  EXPECT_EQ(service_.ledger().size(), 1u);
  now_ += 5;
  EXPECT_EQ(place().size(), 3u);  // the merged reservation holds hostA
  EXPECT_TRUE(call(R"({"op":"reserve","caller":"alice"})").find("ok")->asBool());
}

// A master whose lim restarted under its own name with no state of its own: a host it hears
// keeps the window shut past the settle time until its holds came, and what they hold is
// never booked again.
TEST_F(Service, ARestartedMasterAdmitsNothingUntilEveryHostHeardReported) {
  service_.beginRebuild(now_, {.settle = 5, .limit = 50, .askEvery = 1}, table_.config());
  service_.rebuildWindow().heard("hostB", now_ + 1);
  now_ += 6;  // past the settle time, hostB silent about its holds
  EXPECT_EQ(call(R"({"op":"reserve","n":2,"hosts":["hostB"],"caller":"bob"})").stringOr("code"),
            "rebuilding");
  EXPECT_EQ(service_.rebuildWindow().toAsk(now_, 10), std::vector<std::string>{"hostB"});
  Effects fx;
  service_.merge("hostB", {testing::simple("old:1.1", "bob", 5000, "hostB", 2)}, wall_, table_,
                 now_, &fx);
  service_.rebuildWindow().reported("hostB", 0, 1, now_);
  EXPECT_FALSE(service_.rebuilding(now_));
  // hostB's 2 CPUs are held: a reservation of hostB finds none.
  Json again = call(R"({"op":"reserve","n":1,"hosts":["hostB"],"caller":"bob"})");
  EXPECT_EQ(again.stringOr("code"), "noteligible") << again.compact();
}

// A stand-in for a quota: hostA refused with a message; the placement goes elsewhere.
class RefuseHostA : public AdmissionCheck {
 public:
  Verdict mayTake(const Claim& c, const std::vector<Claim>&, double) const override {
    if (c.host != "hostA") return {};
    return {false, "cannot run on host \"hostA\" because it exceeds limit \"test/1\""};
  }
};

TEST_F(Service, HostsTheAdmissionHookRefusesAreSkippedAndNamedWhenNoneRemain) {
  RefuseHostA check;
  Json r = call(R"({"op":"reserve","n":2,"caller":"alice"})", true, &check);
  ASSERT_TRUE(r.find("ok")->asBool()) << r.compact();
  for (const Json& h : r.find("hosts")->items()) EXPECT_NE(h.asString(), "hostA");
  Json none = call(R"({"op":"reserve","n":1,"hosts":["hostA"],"caller":"alice"})", true, &check);
  EXPECT_EQ(none.stringOr("code"), "noteligible");
  EXPECT_EQ(none.stringOr("error"),
            "cannot run on host \"hostA\" because it exceeds limit \"test/1\"");
}

TEST_F(Service, JobAttributesWithoutAPolicyAreRefused) {
  Json r = call(R"({"op":"reserve","attrs":["mem=2"],"caller":"alice"})");
  EXPECT_EQ(r.stringOr("code"), "syntax");
  EXPECT_EQ(r.stringOr("error"), "job attributes (-a) need a policy (-p)");
}

class PolicyService : public Service {
 protected:
  PolicyService() : Service(withPolicies()) {}
  Json byPolicy(const std::string& fields) {
    auto parsed = format::parseJson(R"({"op":"reserve","caller":"alice",)" + fields + "}");
    EXPECT_TRUE(parsed.isOk()) << fields;
    ServiceContext ctx{{table_.snapshot(now_), "hostA", &cache_, &table_, now_}, wall_, true};
    ctx.query.policyState = &state_;
    return parse(service_.handle("reserve", *parsed, ctx, &effects_).body);
  }
  std::vector<std::string> hostsOf(const Json& r) {
    std::vector<std::string> out;
    if (const Json* h = r.find("hosts"))
      for (const Json& x : h->items()) out.push_back(x.asString());
    return out;
  }
  master::PolicyState state_;
};

TEST_F(PolicyService, APolicyReservationGoesOnTheFirstHostOfItsOrderThatHoldsItAll) {
  EXPECT_EQ(hostsOf(byPolicy(R"("policy":"wide","n":1)")), std::vector<std::string>{"hostA"});
  // hostA has 3 slots left, hostB 2: two slots still fit on hostA, three do not go on hostB.
  EXPECT_EQ(hostsOf(byPolicy(R"("policy":"wide","n":2)")),
            (std::vector<std::string>{"hostA", "hostA"}));
  EXPECT_EQ(hostsOf(byPolicy(R"("policy":"wide","n":2)")),
            (std::vector<std::string>{"hostB", "hostB"}));
  Json none = byPolicy(R"("policy":"wide","n":3)");
  EXPECT_EQ(none.stringOr("code"), "noteligible") << none.compact();
  // The host arguments narrow the policy's hosts.
  EXPECT_EQ(hostsOf(byPolicy(R"("policy":"wide","n":1,"hosts":["hostC"])")),
            std::vector<std::string>{"hostC"});
}

TEST_F(PolicyService, TheBandsTurnMovesAndTheChosenHostTakesThePlacementsLoad) {
  std::vector<std::string> got;
  for (int i = 0; i < 4; ++i) {
    auto h = hostsOf(byPolicy(R"("policy":"turns","n":1)"));
    ASSERT_EQ(h.size(), 1u);
    got.push_back(h[0]);
  }
  EXPECT_EQ(got, (std::vector<std::string>{"hostA", "hostB", "hostC", "hostA"}));
  // Each placement raised its host's run queue by one (the decaying adjustment).
  auto snap = table_.snapshot(now_);
  const Column& r15s = snap->columns[static_cast<size_t>(snap->config->resourceIndex("r15s"))];
  EXPECT_DOUBLE_EQ(r15s.numbers[static_cast<size_t>(snap->row("hostA"))], 2);
  EXPECT_DOUBLE_EQ(r15s.numbers[static_cast<size_t>(snap->row("hostC"))], 1);
}

// The rating's dispatch drop (ut + 1/ncpus, mem - maxmem/ncpus per slot) follows a
// reservation only when its policy rated the hosts.
TEST_F(PolicyService, OnlyAPolicyThatRatesAddsTheRatingDrop) {
  auto value = [&](const char* host, const char* name) {
    HostTablePtr s = table_.snapshot(now_);
    return s->number(static_cast<uint32_t>(s->row(host)), name);
  };
  ASSERT_EQ(hostsOf(byPolicy(R"("policy":"wide","n":1)")), std::vector<std::string>{"hostA"});
  EXPECT_DOUBLE_EQ(value("hostA", "ut"), 0);
  EXPECT_DOUBLE_EQ(value("hostA", "mem"), 4000);
  EXPECT_DOUBLE_EQ(value("hostA", "r15s"), 1);
  ASSERT_EQ(hostsOf(byPolicy(R"("policy":"rated","n":1,"hosts":["hostB"])")),
            std::vector<std::string>{"hostB"});
  EXPECT_DOUBLE_EQ(value("hostB", "ut"), 0.5);  // 2 CPUs, 8000 MB
  EXPECT_DOUBLE_EQ(value("hostB", "mem"), 0);
  EXPECT_DOUBLE_EQ(value("hostB", "r15s"), 1);
}

TEST_F(PolicyService, PolicyErrorsAreRefusedNamingThePolicy) {
  Json r = byPolicy(R"("policy":"nosuch")");
  EXPECT_EQ(r.stringOr("code"), "notfound");
  EXPECT_EQ(r.stringOr("error"), "unknown policy <nosuch>");
  Json bad = byPolicy(R"("policy":"wide","attrs":["=1"])");
  EXPECT_EQ(bad.stringOr("code"), "syntax") << bad.compact();
}

TEST_F(Service, BadFieldsAreRefusedNamingTheField) {
  EXPECT_EQ(call(R"({"op":"reserve","lease":-1,"caller":"a"})").stringOr("error"),
            "\"lease\" must be a number of seconds, 0 (the default lease) to a year");
  EXPECT_EQ(call(R"({"op":"release","ids":"x","caller":"a"})").stringOr("code"), "syntax");
  EXPECT_EQ(call(R"({"op":"renew","caller":"a"})").stringOr("code"), "syntax");
  EXPECT_EQ(call(R"({"op":"reserve","project":5,"caller":"a"})").stringOr("code"), "syntax");
}

}  // namespace
}  // namespace openlim::reserve
