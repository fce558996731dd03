#include "reserve/journal.h"

#include <cstdio>

#include "format/json.h"
#include "reserve/reservation_json.h"
#include "util/crc32.h"

namespace openlim::reserve {
namespace {

using format::Json;

std::string frame(const std::string& payload) {
  char crc[9];
  std::snprintf(crc, sizeof crc, "%08x", util::crc32(payload));
  std::string out;
  out.reserve(payload.size() + 10);
  out.append(crc, 8).append(1, ' ').append(payload).append(1, '\n');
  return out;
}

bool hexDigit(char c, uint32_t* v) {
  if (c >= '0' && c <= '9')
    *v = static_cast<uint32_t>(c - '0');
  else if (c >= 'a' && c <= 'f')
    *v = static_cast<uint32_t>(c - 'a' + 10);
  else
    return false;
  return true;
}

struct Line {
  bool isCluster = false;  // a cluster record: `cluster`; else `record`
  std::string cluster;
  JournalRecord record;
};

// One line (without its '\n') as a record.
Result<Line> parseLine(std::string_view line) {
  if (line.size() < 10 || line[8] != ' ') return Status(Code::kInvalid, "no checksum");
  if (line.size() - 9 > kMaxJournalRecordBytes) return Status(Code::kInvalid, "record too long");
  uint32_t want = 0;
  for (size_t i = 0; i < 8; ++i) {
    uint32_t d = 0;
    if (!hexDigit(line[i], &d)) return Status(Code::kInvalid, "no checksum");
    want = want << 4 | d;
  }
  std::string_view payload = line.substr(9);
  if (util::crc32(payload) != want) return Status(Code::kInvalid, "checksum mismatch");
  auto j = format::parseJson(payload, 16);
  if (!j || !j->isObject() || j->size() != 1) return Status(Code::kInvalid, "not a journal record");
  Line out;
  JournalRecord& rec = out.record;
  if (const Json* put = j->find("put")) {
    auto r = reservationFromJson(*put);
    if (!r) return Status(Code::kInvalid, "put: " + r.status().message());
    rec.id = r->id;
    rec.reservation = std::move(*r);
    return out;
  }
  if (const Json* cluster = j->find("cluster")) {
    if (!cluster->isString() || cluster->asString().size() > kMaxClusterNameBytes)
      return Status(Code::kInvalid, "cluster: want a name");
    out.isCluster = true;
    out.cluster = cluster->asString();
    return out;
  }
  if (const Json* term = j->find("term")) {
    auto t = voterTermFromJson(*term);
    if (!t) return Status(Code::kInvalid, "term: " + t.status().message());
    rec.put = false;
    rec.term = std::move(*t);
    return out;
  }
  const Json* drop = j->find("drop");
  if (!drop || !drop->isString() || drop->asString().empty())
    return Status(Code::kInvalid, "not a journal record (want put, drop, cluster or term)");
  rec.put = false;
  rec.id = drop->asString();
  return out;
}

}  // namespace

std::string journalPut(const Reservation& r) {
  return frame("{\"put\":" + reservationJson(r).compact() + "}");
}

std::string journalDrop(const std::string& id) {
  return frame("{\"drop\":" + format::jsonQuote(id) + "}");
}

std::string journalCluster(const std::string& cluster) {
  return frame("{\"cluster\":" + format::jsonQuote(cluster) + "}");
}

std::string journalTerm(const VoterTerm& term) {
  return frame("{\"term\":" + voterTermJson(term).compact() + "}");
}

JournalRead readJournal(std::string_view text) {
  JournalRead out;
  size_t pos = 0, line = 0;
  while (pos < text.size()) {
    ++line;
    size_t end = text.find('\n', pos);
    bool whole = end != std::string_view::npos;
    size_t next = whole ? end + 1 : text.size();
    Result<Line> rec = Status(Code::kInvalid, "cut short (no end of line)");
    if (whole) rec = parseLine(text.substr(pos, end - pos));
    if (rec && rec->isCluster && out.namesCluster && rec->cluster != out.cluster)
      rec = Status(Code::kInvalid, "a record of cluster " + rec->cluster + " in a journal of " +
                                       (out.cluster.empty() ? "no cluster" : out.cluster));
    if (!rec || out.records.size() >= kMaxJournalRecords) {
      if (next >= text.size())
        out.tornTail = true;
      else
        out.corrupt = Status(Code::kInvalid,
                             "line " + std::to_string(line) + ": " +
                                 (rec ? std::string("too many records") : rec.status().message()));
      return out;
    }
    if (rec->isCluster) {
      out.namesCluster = true;
      out.cluster = std::move(rec->cluster);
    } else {
      out.records.push_back(std::move(rec->record));
    }
    pos = next;
    out.validBytes = pos;
  }
  return out;
}

}  // namespace openlim::reserve
