// lsf.conf reader (see lsf_conf.h).
#include "config/lsf_conf.h"

#include <cctype>

#include "config/lines.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

using Conf = std::map<std::string, ConfEntry>;

bool isNameChar(char c, bool first) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         (!first && std::isdigit(static_cast<unsigned char>(c)));
}

// Expands the variable starting at s[i] == '$'; appends to out; returns index after it.
size_t expandVar(std::string_view s, size_t i, const Conf& conf, const EnvLookup& env,
                 std::string* out, bool* bad) {
  size_t start = i + 1, end = start;
  bool braced = start < s.size() && s[start] == '{';
  if (braced) ++start, end = start;
  while (end < s.size() && isNameChar(s[end], end == start)) ++end;
  if (end == start || (braced && (end >= s.size() || s[end] != '}'))) {
    if (braced) *bad = true;
    out->push_back('$');
    return i + 1;
  }
  std::string name(s.substr(start, end - start));
  auto it = conf.find(name);
  if (it != conf.end()) {
    out->append(it->second.value);
  } else if (env) {
    if (auto v = env(name)) out->append(*v);
  }
  return braced ? end + 1 : end;
}

// RULE: value := (word-char | '\' c | "..." | '...' | $VAR | ${VAR})*, up to a blank.
// Returns the rest of the line after the value (should be empty).
std::string_view readShellValue(std::string_view s, const Conf& conf, const EnvLookup& env,
                                std::string* out, std::string* error) {
  char open = 0;
  bool badVar = false;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (open == '\'') {
      if (c == '\'')
        open = 0;
      else
        out->push_back(c);
      ++i;
    } else if (c == '$') {
      i = expandVar(s, i, conf, env, out, &badVar);
    } else if (c == '\\' && i + 1 < s.size()) {
      out->push_back(s[i + 1]);
      i += 2;
    } else if (open == '"') {
      if (c == '"')
        open = 0;
      else
        out->push_back(c);
      ++i;
    } else if (c == '"' || c == '\'') {
      open = c;
      ++i;
    } else if (c == ' ' || c == '\t') {
      break;
    } else {
      out->push_back(c);
      ++i;
    }
  }
  if (open)
    *error = std::string("unterminated ") + open + " quote";
  else if (badVar)
    *error = "unterminated ${ in value";
  return trim(s.substr(i));
}

}  // namespace

namespace {

// A value written empty (KEY=, KEY="" or KEY=''), as opposed to one that expands to empty.
bool literallyEmpty(std::string_view raw) {
  return raw.empty() || raw == "\"\"" || raw == "''";
}

// Does `raw` read $KEY or ${KEY}? (X="$X more" extends a value; no duplicate warning.)
bool readsItself(std::string_view raw, const std::string& key) {
  for (size_t i = raw.find('$'); i != std::string_view::npos; i = raw.find('$', i + 1)) {
    std::string_view rest = raw.substr(i + 1);
    if (!rest.empty() && rest[0] == '{') rest.remove_prefix(1);
    if (rest.substr(0, key.size()) == key &&
        (rest.size() == key.size() || !isNameChar(rest[key.size()], false)))
      return true;
  }
  return false;
}

}  // namespace

Conf parseLsfConf(std::string_view text, const EnvLookup& env, DiagSink& diag,
                  std::map<std::string, int>* emptied) {
  Conf conf;
  std::map<std::string, int> firstLine;
  for (const auto& l : splitLogicalLines(text, QuoteStyle::kShell, diag)) {
    std::string_view t = l.text;
    if (t.substr(0, 7) == "export ") t = trim(t.substr(7));
    size_t eq = t.find('=');
    if (eq == std::string_view::npos) {
      diag.warn(l.number, "expected KEY=value; ignored");
      continue;
    }
    std::string key(trim(t.substr(0, eq)));
    bool keyOk = !key.empty();
    for (size_t i = 0; i < key.size(); ++i) keyOk = keyOk && isNameChar(key[i], i == 0);
    if (!keyOk) {
      diag.warn(l.number, "bad key " + q(key) + "; line ignored");
      continue;
    }
    std::string value, error;
    std::string_view raw = trim(t.substr(eq + 1));
    std::string_view rest = readShellValue(raw, conf, env, &value, &error);
    if (!error.empty()) {
      diag.warn(l.number, error + " for " + key + "; line ignored");
      continue;
    }
    if (!rest.empty())
      diag.warn(l.number, "text after the value of " + key + " ignored: " + q(std::string(rest)));
    auto [first, fresh] = firstLine.emplace(key, l.number);
    if (!fresh && !readsItself(raw, key))
      diag.warn(l.number, key + " is set again (first at line " + std::to_string(first->second) +
                              "); this value is used");
    if (emptied) {
      if (literallyEmpty(raw))
        (*emptied)[key] = l.number;
      else
        emptied->erase(key);
    }
    if (value.empty())
      conf.erase(key);
    else
      conf[key] = ConfEntry{value, l.number};
  }
  return conf;
}

std::string joinPath(const std::string& dir, const std::string& name) {
  if (!name.empty() && name[0] == '/') return name;
  std::string n = name;
  while (n.size() >= 2 && n[0] == '.' && n[1] == '/') n = n.substr(2);
  if (n == "." || n.empty()) return dir.empty() ? "." : dir;
  if (dir.empty() || dir == ".") return n;
  return dir.back() == '/' ? dir + n : dir + "/" + n;
}

void resolveConfPaths(Conf& conf, const std::string& envDir) {
  for (const char* key : {"LSF_CONFDIR", "LSF_SERVERDIR", "LSF_LOGDIR", "LSF_AUTH_KEYFILE",
                          "LSF_BINDIR", "LSF_ELIM_DIR", "LSF_STATEDIR"}) {
    auto it = conf.find(key);
    if (it != conf.end()) it->second.value = joinPath(envDir, it->second.value);
  }
}

}  // namespace openlim::config
