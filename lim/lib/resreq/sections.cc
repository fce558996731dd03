#include "resreq/sections.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "resreq/lexer.h"

namespace openlim::resreq {
namespace {

Status unknownName(const std::string& name, int pos) {
  return Status(Code::kNotFound, Subcode::kUnknownResourceName,
                "Unknown resource name <" + name + "> at " + std::to_string(pos),
                SourcePos{.offset = pos});
}

Status badValue(const BindContext& ctx, const Assignment& a, const std::string& why) {
  (void)ctx;
  int pos = a.value ? a.value->pos : a.namePos;
  return Status(Code::kInvalid, Subcode::kUnknownResourceValue,
                "Unknown resource value <" + (a.value ? a.value->text + a.value->unit : "") +
                    "> for <" + a.name + "> at " + std::to_string(pos) + ": " + why,
                SourcePos{.offset = pos});
}

bool isNumber(const Assignment& a) {
  return a.value && a.value->kind == NodeKind::kNumber;
}

// duration=10 (minutes) | 10m | 1h
Status duration(const BindContext& ctx, const Assignment& a, RusageAlternative& alt) {
  if (!isNumber(a)) return badValue(ctx, a, "expected minutes, or a number with h or m");
  std::string u = a.value->unit;
  for (auto& c : u) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (u != "" && u != "m" && u != "h")
    return badValue(ctx, a, "duration takes minutes, or the suffix h or m");
  if (a.value->number < 0) return badValue(ctx, a, "a duration is 0 or more");
  alt.durationMinutes = a.value->number * (u == "h" ? 60 : 1);
  return Status::ok();
}

Status amount(const BindContext& ctx, const Assignment& a, RusageAlternative& alt) {
  std::string nm = canonicalName(a.name);
  int slot = ctx.config.resourceIndex(nm);
  if (slot < 0) return unknownName(a.name, a.namePos);
  const ResourceDef& d = ctx.config.resources[static_cast<size_t>(slot)];
  if (d.type != ResourceType::kNumeric || !(d.consumable || d.builtinIndex))
    return syntaxError(ctx.text, a.namePos,
                       "Resource <" + a.name +
                           "> cannot be reserved: rusage[] takes consumable numeric resources");
  for (const auto& it : alt.items)
    if (it.slot == slot)
      return syntaxError(ctx.text, a.namePos,
                         "Resource <" + a.name + "> appears twice in rusage[]");
  if (!a.value) {  // rusage[mem]: intensive in mem, one slot per host
    alt.items.push_back({nm, slot, 0, true});
    return Status::ok();
  }
  if (!isNumber(a)) return badValue(ctx, a, "expected a number");
  double v = a.value->number;
  if (v < 0) return badValue(ctx, a, "expected an amount of 0 or more");
  if (!a.value->unit.empty()) {
    double f = sizeUnitFactor(a.value->unit);
    int upos = a.value->pos + static_cast<int>(a.value->text.size());
    if (f == 0) return syntaxError(ctx.text, upos, "unknown unit '" + a.value->unit + "'");
    if (!d.memoryLike)
      return syntaxError(ctx.text, upos,
                         "unit '" + a.value->unit + "' applies only to memory-like values");
    v *= f;
  }
  alt.items.push_back({nm, slot, v, false});
  return Status::ok();
}

}  // namespace

Status bindRusage(const ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r) {
  for (const auto& syntaxAlt : pr.rusage) {
    RusageAlternative alt;
    for (const Assignment& a : syntaxAlt) {
      Status s;
      if ((a.name == "duration" || a.name == "decay") && !a.value) {
        s = syntaxError(ctx.text, a.namePos, "'" + a.name + "' takes a value");
      } else if (a.name == "duration") {
        s = duration(ctx, a, alt);
      } else if (a.name == "decay") {
        if (!isNumber(a) || !a.value->unit.empty() ||
            (a.value->number != 0 && a.value->number != 1))
          s = badValue(ctx, a, "decay is 0 or 1");
        else
          alt.decay = a.value->number == 1;
      } else {
        s = amount(ctx, a, alt);
      }
      if (!s.isOk()) return s;
    }
    r.rusage_.push_back(std::move(alt));
  }
  if (pr.rusageAt.present)
    r.rusageText_ =
        std::string(ctx.text.substr(static_cast<size_t>(pr.rusageAt.pos),
                                    static_cast<size_t>(pr.rusageAt.end - pr.rusageAt.pos)));
  return Status::ok();
}

Status bindSpan(const ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r) {
  bool seenHosts = false;
  for (const Assignment& a : pr.span) {
    if (a.name != "hosts" && a.name != "ptile")
      return syntaxError(ctx.text, a.namePos,
                         "span[] takes hosts=1 or ptile=n, not '" + a.name + "'");
    if (!isNumber(a) || !a.value->unit.empty() || a.value->number != std::floor(a.value->number))
      return badValue(ctx, a, "expected a whole number");
    double v = a.value->number;
    if (a.name == "hosts") {
      // LSF's hosts=-1 means "no host limit": the same as no span[hosts].
      if (v != 1 && v != -1) return badValue(ctx, a, "span[hosts=] takes 1, or -1 for no limit");
      if (seenHosts) return syntaxError(ctx.text, a.namePos, "'hosts' given twice");
      seenHosts = true;
      r.span_.hosts = v == 1 ? 1 : 0;
    } else {
      if (v < 1 || v > 1e6) return badValue(ctx, a, "ptile is a positive slot count");
      if (r.span_.ptile) return syntaxError(ctx.text, a.namePos, "'ptile' given twice");
      r.span_.ptile = static_cast<int>(v);
    }
  }
  if (r.span_.hosts && r.span_.ptile)
    return syntaxError(ctx.text, pr.spanAt.pos, "span[] takes hosts=1 or ptile=n, not both");
  return Status::ok();
}

Status bindSame(const ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r) {
  for (const auto& [raw, pos] : pr.same) {
    std::string nm = canonicalName(raw);
    int slot = ctx.config.resourceIndex(nm);
    if (slot < 0) return unknownName(raw, pos);
    if (std::find(r.sameSlots_.begin(), r.sameSlots_.end(), slot) != r.sameSlots_.end()) continue;
    r.same_.push_back(nm);
    r.sameSlots_.push_back(slot);
  }
  return Status::ok();
}

}  // namespace openlim::resreq
