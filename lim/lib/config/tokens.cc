// Row tokenizer (grammar in tokens.h).
#include "config/tokens.h"

#include "config/lines.h"

namespace openlim::config {

namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

Status unbalanced(char c) {
  return Status(Code::kInvalid, std::string("unbalanced '") + c + "'");
}

// Index just past the ')' matching text[i] == '(' (quotes and brackets inside allowed).
Result<size_t> skipParens(std::string_view t, size_t i) {
  int depth = 0;
  for (; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"') {
      size_t close = t.find('"', i + 1);
      if (close == std::string_view::npos) return Status(Code::kInvalid, "unterminated quote");
      i = close;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return unbalanced('(');
}

Result<size_t> skipBrackets(std::string_view t, size_t i) {
  size_t close = t.find(']', i);
  if (close == std::string_view::npos) return unbalanced('[');
  size_t nested = t.find('[', i + 1);
  if (nested < close) return Status(Code::kInvalid, "nested '['");
  return close + 1;
}

Result<size_t> readWord(std::string_view t, size_t i, std::string* out) {
  while (i < t.size() && !isBlank(t[i])) {
    if (t[i] == '"') {
      size_t close = t.find('"', i + 1);
      if (close == std::string_view::npos) return Status(Code::kInvalid, "unterminated quote");
      out->append(t.substr(i + 1, close - i - 1));
      i = close + 1;
    } else if (t[i] == ')' || t[i] == ']') {
      return unbalanced(t[i]);
    } else {
      out->push_back(t[i++]);
    }
  }
  return i;
}

// One value starting at t[i] (not blank); sets *v and returns the index after it.
Result<size_t> readValue(std::string_view t, size_t i, Value* v) {
  char c = t[i];
  if (c == '"') {
    size_t close = t.find('"', i + 1);
    if (close == std::string_view::npos) return Status(Code::kInvalid, "unterminated quote");
    *v = Value{Value::Kind::kQuoted, std::string(t.substr(i + 1, close - i - 1))};
    return close + 1;
  }
  if (c == '(') {
    auto end = skipParens(t, i);
    if (!end) return end.status();
    *v = Value{Value::Kind::kList, std::string(trim(t.substr(i + 1, *end - i - 2)))};
    return *end;
  }
  if (c == '[') {
    size_t start = i;
    size_t end = i;
    while (true) {
      auto e = skipBrackets(t, i);
      if (!e) return e.status();
      end = *e;
      i = end;
      while (i < t.size() && isBlank(t[i])) ++i;
      if (i >= t.size() || t[i] != '[') break;
    }
    *v = Value{Value::Kind::kBrackets, std::string(t.substr(start, end - start))};
    return end;
  }
  v->kind = Value::Kind::kWord;
  v->text.clear();
  return readWord(t, i, &v->text);
}

}  // namespace

Result<std::vector<Value>> tokenize(std::string_view text) {
  std::vector<Value> out;
  size_t i = 0;
  while (true) {
    while (i < text.size() && isBlank(text[i])) ++i;
    if (i >= text.size()) break;
    Value v;
    auto next = readValue(text, i, &v);
    if (!next) return next.status();
    i = *next;
    if (i < text.size() && !isBlank(text[i]) && v.kind != Value::Kind::kWord)
      return Status(Code::kInvalid, "no blank after a value before " + std::string(1, text[i]));
    out.push_back(std::move(v));
  }
  return out;
}

Result<std::vector<std::string>> listItems(const Value& v) {
  if (v.kind != Value::Kind::kList) return std::vector<std::string>{v.text};
  auto values = tokenize(v.text);
  if (!values) return values.status();
  std::vector<std::string> out;
  for (auto& x : *values) out.push_back(std::move(x.text));
  return out;
}

}  // namespace openlim::config
