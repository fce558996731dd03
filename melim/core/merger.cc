#include "core/merger.h"

#include <charconv>

namespace openlim::melim {

Merger::Merger(const Catalog* catalog, double staleFactor)
    : catalog_(catalog),
      staleFactor_(staleFactor),
      slots_(catalog->size()),
      shown_(static_cast<size_t>(catalog->size())) {}

void Merger::ensureSources(int n) {
  if (n <= sources_) return;
  sources_ = n;
  entries_.resize(static_cast<size_t>(sources_) * static_cast<size_t>(slots_));
}

double Merger::limit(int slot) const {
  if (staleFactor_ <= 0) return kNever;
  return catalog_->spec(slot).interval * staleFactor_;
}

void Merger::show(int slot, const Entry* e, int source) {
  Shown& s = shown_[static_cast<size_t>(slot)];
  bool known = e && e->state == EntryState::kValue;
  bool same = s.known == known && (!known || (s.number == e->number && s.text == e->text));
  if (!same) changed_ = true;
  if (known && !s.everReported) {
    s.everReported = true;
    changed_ = true;
  }
  s.known = known;
  s.source = known ? source : -1;
  if (known) {
    s.number = e->number;
    s.text = e->text;
    s.at = e->at;
  }
}

void Merger::apply(int elim, const std::vector<Pair>& pairs, double now,
                   std::vector<std::pair<int, int>>& conflicts) {
  for (const Pair& p : pairs) {
    Entry& e = entry(elim, p.slot);
    const Shown& s = shown_[static_cast<size_t>(p.slot)];
    if (s.known && s.source != elim && s.source >= 0) conflicts.emplace_back(p.slot, s.source);
    e.at = now;
    if (p.unknown) {
      e.state = EntryState::kRetracted;
    } else {
      e.state = EntryState::kValue;
      e.number = p.number;
      if (catalog_->spec(p.slot).kind == NameKind::kString) e.text.assign(p.text);
    }
    show(p.slot, &e, elim);  // the newest report wins: it is this one
  }
}

void Merger::recompute(int slot) {
  const Entry* best = nullptr;
  int bestSource = -1;
  for (int i = 0; i < sources_; ++i) {
    const Entry& e = entry(i, slot);
    if (e.state == EntryState::kNone) continue;
    if (!best || e.at > best->at) {
      best = &e;
      bestSource = i;
    }
  }
  show(slot, best, bestSource);
}

void Merger::dropSource(int elim) {
  if (elim >= sources_) return;
  for (int slot = 0; slot < slots_; ++slot) {
    Entry& e = entry(elim, slot);
    if (e.state == EntryState::kNone) continue;
    e.state = EntryState::kNone;
    recompute(slot);
  }
}

void Merger::expire(double now) {
  for (int slot = 0; slot < slots_; ++slot) {
    double lim = limit(slot);
    if (lim == kNever) continue;
    bool any = false;
    for (int i = 0; i < sources_; ++i) {
      Entry& e = entry(i, slot);
      if (e.state != EntryState::kNone && now - e.at >= lim) {
        e.state = EntryState::kNone;
        any = true;
      }
    }
    if (any) recompute(slot);
  }
}

double Merger::nextExpiry() const {
  double next = kNever;
  for (int slot = 0; slot < slots_; ++slot) {
    double lim = limit(slot);
    if (lim == kNever) continue;
    for (int i = 0; i < sources_; ++i) {
      const Entry& e = entries_[static_cast<size_t>(i) * static_cast<size_t>(slots_) +
                                static_cast<size_t>(slot)];
      if (e.state != EntryState::kNone && e.at + lim < next) next = e.at + lim;
    }
  }
  return next;
}

void Merger::appendNumber(std::string& out, double v) {
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
  if (ec == std::errc()) out.append(buf, ptr);
}

std::string Merger::formatVector() const {
  std::string body;
  int n = 0;
  for (int slot = 0; slot < slots_; ++slot) {
    const NameSpec& spec = catalog_->spec(slot);
    const Shown& s = shown_[static_cast<size_t>(slot)];
    bool listed = (spec.kind == NameKind::kNumeric || spec.kind == NameKind::kString)
                      ? spec.expected
                      : (spec.kind == NameKind::kBuiltin && s.everReported);
    if (!listed) continue;
    ++n;
    body += ' ';
    body += spec.name;
    body += ' ';
    if (!s.known) {
      body += '-';
    } else if (spec.kind == NameKind::kString) {
      body += s.text;
    } else {
      appendNumber(body, s.number);
    }
  }
  return std::to_string(n) + body + '\n';
}

}  // namespace openlim::melim
