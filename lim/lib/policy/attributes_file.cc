// The lsf.attributes reader (see attributes_file.h).
#include "policy/attributes_file.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "config/diag.h"
#include "config/lines.h"
#include "policy/attributes_lexer.h"
#include "policy/nlb_expr.h"
#include "util/strict_number.h"

namespace openlim::policy {

using config::q;

const AttrValue* HostAttributes::find(std::string_view upperName) const {
  for (const auto& [name, value] : values)
    if (name == upperName) return &value;
  return nullptr;
}

int AttributesLoad::errors() const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](auto& d) { return d.severity == Severity::kError; }));
}

const HostAttributes* AttributesLoad::find(std::string_view host) const {
  for (const HostAttributes& h : hosts)
    if (config::iequals(h.host, host)) return &h;
  return nullptr;
}

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isAlnumWord(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}
bool isName(std::string_view s) {
  return isAlnumWord(s) && !isDigit(s.front());
}

// value := integer | fixed-point float | word (a string). Errors name the value.
Result<AttrValue> wordValue(std::string_view w) {
  std::string_view body = w;
  bool negative = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (!body.empty() && (isDigit(body[0]) || body[0] == '.')) {
    if (body.find_first_of("eE") != std::string_view::npos)
      return Status(Code::kInvalid,
                    "floating-point values are written in fixed point (35000.0, "
                    "not 3.5e4): " +
                        q(std::string(w)));
    if (body.find('.') != std::string_view::npos) {
      auto v = parseDouble(w);
      if (!v) return Status(Code::kInvalid, "bad number " + q(std::string(w)));
      return AttrValue{AttrValue::Kind::kFloat, 0, *v, "", 0};
    }
    if (!std::all_of(body.begin(), body.end(), isDigit))
      return Status(Code::kInvalid, "bad number " + q(std::string(w)) +
                                        "; quote a string that starts with a digit");
    int base = body.size() > 1 && body[0] == '0' ? 8 : 10;
    int64_t v = 0;
    for (char c : body) {
      int digit = c - '0';
      if (digit >= base)
        return Status(Code::kInvalid,
                      "bad octal number " + q(std::string(w)) + " (a leading 0 means octal)");
      if (v > (INT64_MAX - digit) / base)
        return Status(Code::kInvalid, "number " + q(std::string(w)) + " is too large");
      v = v * base + digit;
    }
    if (negative) v = -v;
    return AttrValue{AttrValue::Kind::kInteger, v, static_cast<double>(v), "", 0};
  }
  if (!isAlnumWord(w))
    return Status(Code::kInvalid, "value " + q(std::string(w)) +
                                      " is neither a number nor a single word of letters and "
                                      "digits; quote it");
  return AttrValue{AttrValue::Kind::kString, 0, 0, std::string(w), 0};
}

class Parser {
 public:
  Parser(std::vector<ObjToken> toks, config::DiagSink& diag, AttributesLoad* out)
      : toks_(std::move(toks)), diag_(diag), out_(out) {}
  void run();

 private:
  const ObjToken& peek() const { return toks_[i_]; }
  const ObjToken& next() { return toks_[i_ < toks_.size() - 1 ? i_++ : i_]; }
  bool header(std::string& host, int& line);
  void body(HostAttributes& h);
  bool assignment(HostAttributes& h, std::vector<std::string>& seen);
  void skipToNextObject();
  HostAttributes* hostEntry(const std::string& host, int line);

  std::vector<ObjToken> toks_;
  size_t i_ = 0;
  config::DiagSink& diag_;
  AttributesLoad* out_;
};

// After a header that cannot be read: on to the next word `object`, or the end.
void Parser::skipToNextObject() {
  while (peek().kind != ObjTok::kEnd &&
         !(peek().kind == ObjTok::kWord && config::iequals(peek().text, "object")))
    next();
}

// object := 'object' TYPE '(' host ')' '{' assignment* '}'
void Parser::run() {
  while (peek().kind != ObjTok::kEnd) {
    std::string host;
    int line = peek().line;
    if (!header(host, line)) continue;
    HostAttributes* entry = host.empty() ? nullptr : hostEntry(host, line);
    if (entry) {
      body(*entry);
    } else {  // the header opened a body that cannot be kept: check it all the same
      HostAttributes scratch;
      body(scratch);
    }
  }
}

// Reads up to and including '{'. False when the header is unusable and input was skipped.
bool Parser::header(std::string& host, int& line) {
  const ObjToken& kw = next();
  line = kw.line;
  if (kw.kind != ObjTok::kWord || !config::iequals(kw.text, "object")) {
    diag_.error(kw.line, "expected <object NLB (host) {>, found " + q(kw.text));
    skipToNextObject();
    return false;
  }
  const ObjToken& type = next();
  const ObjToken& open = next();
  const ObjToken& name = next();
  const ObjToken& close = next();
  bool shape = type.kind == ObjTok::kWord && open.kind == ObjTok::kLParen &&
               (name.kind == ObjTok::kWord || name.kind == ObjTok::kString) &&
               close.kind == ObjTok::kRParen && peek().kind == ObjTok::kLBrace;
  if (!shape) {
    diag_.error(line, "malformed object header; expected <object NLB (host) {>");
    skipToNextObject();
    return false;
  }
  next();  // '{'
  if (!config::iequals(type.text, "NLB")) {
    diag_.error(line, "object type " + q(type.text) +
                          " cannot be set here; only NLB objects (hosts) are read");
    return true;  // host stays empty: the body is checked, not kept
  }
  std::string_view trimmed = config::trim(name.text);
  if (trimmed.empty() || trimmed.find_first_of(" \t") != std::string_view::npos) {
    diag_.error(line, "bad host name " + q(name.text));
    return true;
  }
  host = std::string(trimmed);
  return true;
}

HostAttributes* Parser::hostEntry(const std::string& host, int line) {
  for (HostAttributes& h : out_->hosts)
    if (config::iequals(h.host, host)) return &h;
  if (out_->hosts.size() >= kMaxAttributeHosts) {
    diag_.error(line, "more than " + std::to_string(kMaxAttributeHosts) + " hosts; ignored");
    return nullptr;
  }
  out_->hosts.push_back(HostAttributes{host, line, {}});
  return &out_->hosts.back();
}

// A later object for the same host updates its values quietly; a name set twice inside one
// object is a warning.
void Parser::body(HostAttributes& h) {
  std::vector<std::string> seen;  // names set by this object
  while (true) {
    ObjTok k = peek().kind;
    if (k == ObjTok::kRBrace) {
      next();
      return;
    }
    if (k == ObjTok::kEnd) {
      diag_.error(peek().line, "end of file inside an object; expected '}'");
      return;
    }
    if (!assignment(h, seen)) {
      // Resynchronise at the end of the bad assignment or of the object.
      while (peek().kind != ObjTok::kEnd && peek().kind != ObjTok::kSemi &&
             peek().kind != ObjTok::kRBrace)
        next();
      if (peek().kind == ObjTok::kSemi) next();
    }
  }
}

// assignment := NAME '=' value ';'
bool Parser::assignment(HostAttributes& h, std::vector<std::string>& seen) {
  const ObjToken& name = next();
  int line = name.line;
  if (name.kind != ObjTok::kWord || !isName(name.text)) {
    diag_.error(line, "expected an attribute name, found " + q(name.text));
    return false;
  }
  if (next().kind != ObjTok::kEquals) {
    diag_.error(line, "expected '=' after " + q(name.text));
    return false;
  }
  const ObjToken& v = next();
  if (v.kind != ObjTok::kWord && v.kind != ObjTok::kString) {
    diag_.error(line, "expected a value for " + q(name.text) + ", found " + q(v.text));
    return false;
  }
  Result<AttrValue> value =
      v.kind == ObjTok::kString
          ? Result<AttrValue>(AttrValue{AttrValue::Kind::kString, 0, 0, v.text, 0})
          : wordValue(v.text);
  if (!value) {
    diag_.error(line, name.text + ": " + value.status().message());
    return false;
  }
  if (peek().kind != ObjTok::kSemi) {
    diag_.error(line, "expected ';' after the value of " + q(name.text));
    return false;
  }
  next();
  value.value().line = line;
  std::string upperName = config::lower(name.text);
  for (char& c : upperName) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (isJobAttributeName(upperName) || upperName == "AGE") {
    diag_.error(line, q(name.text) +
                          (upperName == "AGE" ? " is computed by the master"
                                              : " is a job attribute (JOB_)") +
                          "; a host cannot set it");
    return true;
  }
  if (std::find(seen.begin(), seen.end(), upperName) != seen.end())
    diag_.warn(line, q(name.text) + " is set twice in one object for host " + q(h.host) +
                         "; the later value is used");
  else
    seen.push_back(upperName);
  for (auto& [existing, old] : h.values)
    if (existing == upperName) {
      old = std::move(value.value());
      return true;
    }
  if (h.values.size() >= kMaxAttributesPerHost) {
    diag_.error(line, "more than " + std::to_string(kMaxAttributesPerHost) +
                          " attributes for host " + q(h.host));
    return true;
  }
  h.values.emplace_back(std::move(upperName), std::move(value.value()));
  return true;
}

}  // namespace

AttributesLoad parseAttributes(std::string_view text, const std::string& file) {
  AttributesLoad load;
  config::DiagSink diag(file, &load.diagnostics);
  if (text.size() > kMaxAttributesFileBytes) {
    diag.error(0, "file is larger than " + std::to_string(kMaxAttributesFileBytes) + " bytes");
    return load;
  }
  if (const void* nul = std::memchr(text.data(), 0, text.size())) {
    auto at = static_cast<const char*>(nul) - text.data();
    diag.error(1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n')),
               "binary data (NUL byte) in file; file not read");
    return load;
  }
  Parser(tokenizeObjects(text, diag), diag, &load).run();
  std::stable_sort(load.diagnostics.begin(), load.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return load;
}

}  // namespace openlim::policy
