#pragma once
// The lsquota report (Grid Engine's qquota), pure: which rules match a query and what they
// hold, then the three layouts. The master builds the rows from its QuotaState and can send
// the formatted text, JSON or XML as it is (formatting is cheap and exact).
//
//   resource quota rule limit                filter
//   --------------------------------------------------------------------------------
//   max_slots_per_user/2 slots=17/20          users alice
//
// A row is one resource of one rule for one bucket (one member of braced filters): shown
// when the bucket holds some of it, or, for a static limit, when the query names every
// braced filter's member (then the row shows 0 used). Only sets in force in the period.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "policy/calendar.h"
#include "quota/quota_state.h"

namespace openlim::quota {

// Each option is a list of names and wildcard patterns (qquota's `-u alice,b*`: `*`, `?`,
// `[...]`, see util/wildcard.h); an empty list: any. A rule is listed when, for every option
// given, its filter admits one of the names or may admit a value one of the patterns matches;
// a braced filter's members are listed when one of the names or patterns matches them.
struct ReportQuery {
  std::vector<std::string> users;                  // -u; empty: every user
  std::vector<std::string> hosts;                  // -h (names without case)
  std::vector<std::string> resources;              // -l
  std::vector<std::string> projects, pes, queues;  // -P -pe -q
};

// A row's text is viewed, not copied (a report can have 20,000 rows): it points into the
// QuotaState it was built from (its configuration and value names), which must outlive the
// rows and not change while they are used, and into the report's own copy of the query.
struct ReportRow {
  std::string_view set;
  std::string_view rule;  // name or 1-based position
  std::string_view resource;
  bool memory = false;  // values in MB, printed with units
  int64_t used = 0;
  std::optional<int64_t> limit;  // nullopt: a dynamic limit the host does not let evaluate
  std::string_view limitText;    // as written in the file
  // The filter the row matched, in filter order (users projects pes queues hosts), each
  // kind's positives before its exclusions: a braced filter gives its member, another its
  // items as written ("!x" items as excluded x).
  struct Item {
    FilterKind kind;
    bool excluded;
    std::string_view value;
  };
  std::vector<Item> filter;
};

// A braced member that holds nothing is listed (0 used, static limits) for each name the
// query gives for it, so those rows view the query's names: the report owns its query, on
// the heap, so that moving the report moves no text a row views.
struct QuotaReport {
  std::unique_ptr<const ReportQuery> query;
  std::vector<ReportRow> rows;
};

// Rows for every name combination the query gives (zero-usage rows of braced members) are
// bounded by the caller: at most the product of the lists' sizes per rule.
QuotaReport quotaReport(const QuotaState& state, ReportQuery query, policy::Period period,
                        const HostValues& values);

// qquota's table: header, dashes, `SET/RULE  resource=used/limit  filter` lines.
std::string formatQuotaText(const std::vector<ReportRow>& rows);
// {"quotas":[{"set","rule","resource","used","limit","unit"?,"filter":{"users":[..],...}}]}
// with used and limit as exact 64-bit integers (limit null when unknown).
std::string formatQuotaJson(const std::vector<ReportRow>& rows);
// qquota's XML (its schema: docs/qquota.xsd): qquota_result / qquota_rule name='SET/RULE' /
// user, xuser, project, xproject, pe, xpe, queue, xqueue, host, xhost / limit resource=
// limit= value=.
std::string formatQuotaXml(const std::vector<ReportRow>& rows);

// The master's reply to the quotas op: {"ok":true,"rebuilding":..,"rows":n,"text":formatted}.
std::string quotaReplyText(const std::string& text, size_t rows, bool rebuilding);

}  // namespace openlim::quota
