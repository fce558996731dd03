// Reservations as JSON (the wire and a host's state file): a round trip keeps every field;
// anything that is not a reservation is refused whole, naming what is wrong.
#include "reserve/reservation_json.h"

#include <gtest/gtest.h>

#include "fixture.h"

namespace openlim::reserve {
namespace {

TEST(ReservationJson, StateFileRoundTripKeepsEveryField) {
  Reservation r = testing::simple("hostA:1.1", "alice", 4600, "hostB", 2);
  r.labels = {"alice", "p1", "q", "mpi"};
  r.created = 1000.5;
  r.hosts[0].amounts.push_back({"licenses", 3, true});
  auto state = parseHostState(hostStateText("blue", "hostB", {r}));
  ASSERT_TRUE(state.isOk()) << state.status().message();
  EXPECT_EQ(state->cluster, "blue");
  EXPECT_EQ(state->host, "hostB");
  const auto* back = &state->reservations;
  ASSERT_EQ(back->size(), 1u);
  const Reservation& b = (*back)[0];
  EXPECT_EQ(b.id, r.id);
  EXPECT_EQ(b.labels.project, "p1");
  EXPECT_EQ(b.labels.pe, "mpi");
  EXPECT_EQ(b.slots, r.slots);
  EXPECT_EQ(b.created, 1000.5);
  EXPECT_EQ(b.expires, 4600);
  ASSERT_EQ(b.hosts.size(), 1u);
  EXPECT_EQ(b.hosts[0].slots, 2);
  ASSERT_EQ(b.hosts[0].amounts.size(), 2u);
  EXPECT_TRUE(b.hosts[0].amounts[1].shared);
}

TEST(ReservationJson, AStateFileWrittenBeforeClusterNamesNone) {
  auto state = parseHostState(
      R"({"version":1,"host":"hostC","reservations":[{"id":"a","user":"u","created":1,)"
      R"("expires":2,"hosts":["hostC"],"holds":[{"host":"hostC","slots":1}]}]})");
  ASSERT_TRUE(state.isOk()) << state.status().message();
  EXPECT_EQ(state->cluster, "");
  ASSERT_EQ(state->reservations.size(), 1u);
  EXPECT_EQ(state->reservations[0].id, "a");
}

TEST(ReservationJson, MalformedStateIsRefused) {
  for (const char* text : {
           "",
           "{",
           "[]",
           R"({"version":2,"reservations":[]})",
           R"({"version":1})",
           R"({"version":1,"cluster":7,"reservations":[]})",
           R"({"version":1,"cluster":"c","host":["h"],"reservations":[]})",
           R"({"version":1,"reservations":[5]})",
           R"({"version":1,"reservations":[{"id":"a"}]})",
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[]}]})",  // slots do not add up
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[{"host":"h","slots":1.5}]}]})",
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[{"host":"h","slots":1,"amounts":[{"resource":"m",)"
           R"("amount":-1}]}]}]})",
           // A reservation's version: a whole number, 1 or more.
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[{"host":"h","slots":1}],"version":0}]})",
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[{"host":"h","slots":1}],"version":1.5}]})",
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[{"host":"h","slots":1}],"version":"2"}]})",
           R"({"version":1,"reservations":[{"id":"a","user":"u","created":1,"expires":2,)"
           R"("hosts":["h"],"holds":[{"host":"h","slots":1}],"version":1e300}]})",
           // The released ids: an array of strings.
           R"({"version":1,"reservations":[],"released":"a"})",
           R"({"version":1,"reservations":[],"released":[1]})",
       })
    EXPECT_FALSE(parseHostState(text).isOk()) << text;
}

TEST(ReservationJson, TheVersionAndTheReleasedIdsRoundTrip) {
  Reservation r;
  r.id = "a";
  r.labels.user = "u";
  r.slots = {"h"};
  r.hosts.push_back({"h", 1, {}});
  r.created = 1;
  r.expires = 2;
  r.version = 7;
  auto state = parseHostState(hostStateText("c", "h", {r}, {"b", "x"}));
  ASSERT_TRUE(state.isOk()) << state.status().message();
  EXPECT_EQ(state->reservations.at(0).version, 7u);
  EXPECT_EQ(state->released, (std::vector<std::string>{"b", "x"}));
}

TEST(ReservationJson, TooManyReleasedIdsAreRefused) {
  std::string text = R"({"version":1,"reservations":[],"released":[)";
  for (size_t i = 0; i <= kMaxReleasedKept; ++i)
    text += (i ? ",\"" : "\"") + std::to_string(i) + "\"";
  EXPECT_FALSE(parseHostState(text + "]}").isOk());
}

}  // namespace
}  // namespace openlim::reserve
