// Property: the compiled vector evaluator selects exactly the hosts that a naive tree-walking
// interpreter of the parsed AST (written here from the spec, sharing no code with the binder
// or the evaluator) says are true, on random expressions over random tables. Seeded.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include "fixture.h"
#include "openlim/run_queue.h"
#include "resreq/parser.h"

namespace openlim {
namespace {

using resreq::Node;
using resreq::NodeKind;
using resreq::Op;

struct Val {
  double num = NAN;  // NaN = unknown
  const std::string* str = nullptr;
  bool isStr = false;
};

class Reference {
 public:
  Reference(const ConfigSnapshot& c, const HostTable& t) : c_(c), t_(t) {
    int cf = c.resourceIndex("cpuf");
    for (size_t r = 0; r < t.size(); ++r)
      if (t.columns[static_cast<size_t>(cf)].numbers[r] > maxCpuf_)
        maxCpuf_ = t.columns[static_cast<size_t>(cf)].numbers[r];
  }

  double truth(const Node& n, size_t row) {
    Val v = eval(n, row, false);
    return std::isnan(v.num) ? NAN : (v.num != 0 ? 1 : 0);
  }

 private:
  Val column(const std::string& name, size_t row) {
    Val v;
    if (name == "hname") {
      v.isStr = true, v.str = &t_.names[row];
      return v;
    }
    int slot = c_.resourceIndex(name);
    const Column& col = t_.columns[static_cast<size_t>(slot)];
    if (col.type == ResourceType::kBoolean)
      v.num = col.booleans[row];
    else if (col.type == ResourceType::kString) {
      v.isStr = true;
      if (col.strings[row] >= 0) v.str = &t_.strings.get(col.strings[row]);
    } else {
      v.num = col.numbers[row];
      if (name == "r15s" || name == "r1m" || name == "r15m")
        v.num =
            normalizedRunQueue(v.num, t_.number(row, "ncpus"), t_.number(row, "cpuf"), maxCpuf_);
    }
    return v;
  }

  Val eval(const Node& n, size_t row, bool bareIsLiteral) {
    Val v;
    switch (n.kind) {
      case NodeKind::kNumber:
        v.num = n.number;
        return v;
      case NodeKind::kString:
        v.isStr = true, v.str = &n.text;
        return v;
      case NodeKind::kName:
        if (bareIsLiteral) {
          v.isStr = true, v.str = &n.text;
          return v;
        }
        return column(n.text, row);
      case NodeKind::kDefined: {
        Val c = column(n.text, row);
        v.num = c.isStr ? (c.str != nullptr) : !std::isnan(c.num);
        return v;
      }
      case NodeKind::kUnary: {
        double a = eval(*n.a, row, false).num;
        if (n.op == Op::kNeg)
          v.num = -a;
        else
          v.num = std::isnan(a) ? NAN : (a == 0 ? 1 : 0);
        return v;
      }
      case NodeKind::kBinary:
        return binary(n, row);
    }
    return v;
  }

  bool isStringColumn(const Node& n) const {
    if (n.kind != NodeKind::kName) return false;
    const ResourceDef* d = c_.findResource(n.text);
    return d && d->type == ResourceType::kString;
  }

  Val binary(const Node& n, size_t row) {
    Val v;
    // type==any / model==any match every host (LSF's resource requirement rules).
    if ((n.op == Op::kEq || n.op == Op::kNe) && n.a->kind == NodeKind::kName &&
        (n.a->text == "type" || n.a->text == "model") && n.b->text == "any") {
      v.num = n.op == Op::kEq;
      return v;
    }
    // A bare word facing a string column is a value (type==LINUX86, LINUX86==type).
    bool aCol = isStringColumn(*n.a), bCol = isStringColumn(*n.b);
    Val a = eval(*n.a, row, bCol && !aCol);
    Val b = eval(*n.b, row, aCol);
    if (a.isStr || b.isStr) {
      if (!a.str || !b.str) return v;
      int c = a.str->compare(*b.str);
      bool r = n.op == Op::kEq   ? c == 0
               : n.op == Op::kNe ? c != 0
               : n.op == Op::kLt ? c < 0
               : n.op == Op::kLe ? c <= 0
               : n.op == Op::kGt ? c > 0
                                 : c >= 0;
      v.num = r;
      return v;
    }
    double x = a.num, y = b.num;
    auto t = [](double d) { return std::isnan(d) ? NAN : (d != 0 ? 1.0 : 0.0); };
    switch (n.op) {
      case Op::kAnd:
        x = t(x), y = t(y);
        v.num = (x == 0 || y == 0) ? 0 : (std::isnan(x) || std::isnan(y)) ? NAN : 1;
        return v;
      case Op::kOr:
        x = t(x), y = t(y);
        v.num = (x == 1 || y == 1) ? 1 : (std::isnan(x) || std::isnan(y)) ? NAN : 0;
        return v;
      case Op::kAdd:
        v.num = x + y;
        return v;
      case Op::kSub:
        v.num = x - y;
        return v;
      case Op::kMul:
        v.num = x * y;
        return v;
      case Op::kDiv:
        v.num = y == 0 ? NAN : x / y;
        return v;  // unknown, as in LSF
      default:
        break;
    }
    if (std::isnan(x) || std::isnan(y)) return v;
    switch (n.op) {
      case Op::kLt:
        v.num = x < y;
        break;
      case Op::kLe:
        v.num = x <= y;
        break;
      case Op::kGt:
        v.num = x > y;
        break;
      case Op::kGe:
        v.num = x >= y;
        break;
      case Op::kEq:
        v.num = x == y;
        break;
      default:
        v.num = x != y;
        break;
    }
    return v;
  }

  const ConfigSnapshot& c_;
  const HostTable& t_;
  double maxCpuf_ = 0;
};

class Generator {
 public:
  explicit Generator(uint32_t seed) : rng_(seed) {}

  std::string condition(int depth) {
    int k = pick(depth <= 0 ? 4 : 8);
    switch (k) {
      case 0:
        return "(" + number(depth - 1) + cmp() + number(depth - 1) + ")";
      case 1:
        return one({"cs", "fs", "!cs", "defined(gpu_free)", "gpu_free", "licenses"});
      case 2:
        return one({"type==LINUX86", "type!=MIPS", "osrel<\"c\"", "'trixie'<=osrel", "hname==h3",
                    "model==any"});
      case 3:
        return "(" + number(depth - 1) + cmp() + one({"0", "1", "2.5", "4096"}) + ")";
      case 4:
        return "!(" + condition(depth - 1) + ")";
      case 5:
      case 6:
        return "(" + condition(depth - 1) + (pick(2) ? " && " : " || ") + condition(depth - 1) +
               ")";
      default:
        return "(" + number(depth - 1) + ")";
    }
  }

  std::string number(int depth) {
    if (depth <= 0 || pick(3) == 0)
      return one({"mem", "ut", "r1m", "r15s", "gpu_free", "ncpus", "licenses", "cs", "0", "1",
                  "2.5", "100", "4096", ".5"});
    if (pick(6) == 0) return "-" + number(depth - 1);
    return "(" + number(depth - 1) + one({"+", "-", "*", "/"}) + number(depth - 1) + ")";
  }

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

 private:
  std::string cmp() { return one({"<", "<=", ">", ">=", "==", "!="}); }
  std::string one(std::initializer_list<const char*> xs) {
    return *(xs.begin() + pick(static_cast<int>(xs.size())));
  }
  std::mt19937 rng_;
};

HostTable randomTable(const ConfigPtr& cfg, Generator& g, size_t n) {
  testing::TableBuilder b(cfg);
  const double nums[] = {0, 0.5, 1, 2, 2.5, 4, 100, 4096, 8192};
  const char* types[] = {"LINUX86", "MIPS", "ALPHA"};
  const char* rels[] = {"bookworm", "buster", "trixie"};
  for (size_t i = 0; i < n; ++i) {
    b.host("h" + std::to_string(i), static_cast<HostStatus>(g.pick(5)), {});
    for (const char* r : {"mem", "ut", "r1m", "r15s", "gpu_free", "ncpus", "licenses", "cpuf"})
      if (g.pick(5) != 0) b.set(i, r, nums[g.pick(9)]);
    for (const char* r : {"cs", "fs"}) b.set(i, r, g.pick(2) == 0);
    if (g.pick(6) != 0) b.set(i, "type", std::string(types[g.pick(3)]));
    if (g.pick(6) != 0) b.set(i, "osrel", std::string(rels[g.pick(3)]));
  }
  return b.build();
}

TEST(Property, CompiledEvaluatorAgreesWithReferenceInterpreter) {
  ConfigPtr cfg = testing::makeConfig();
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    Generator g(seed);
    HostTable t = randomTable(cfg, g, 64);
    HostTable indexed = t;  // as the master builds it: ranks and the largest cpuf cached
    indexed.indexRows(cfg->resourceIndex("cpuf"));
    Reference ref(*cfg, t);
    for (int i = 0; i < 50; ++i) {
      std::string text = g.condition(4);
      auto ast = resreq::parseExpression(text);
      ASSERT_TRUE(ast) << text << ": " << ast.status().message();
      auto req = compileRequest(text, *cfg);
      ASSERT_TRUE(req) << text << ": " << req.status().message();
      std::set<uint32_t> want;
      for (uint32_t r = 0; r < t.size(); ++r)
        if (ref.truth(*ast.value(), r) == 1) want.insert(r);
      for (const HostTable* table : {&t, &indexed}) {
        auto sel = selectHosts(**req, *table);
        std::set<uint32_t> got(sel.rows.begin(), sel.rows.end());
        ASSERT_EQ(got, want) << "seed " << seed << ": " << text;
      }
    }
  }
}

// A top-k (lsload -R -n, a placement's prefix) is exactly the first k of the full order, for
// every direction, unknown values, status groups and ties (the values repeat a lot here), on
// a table ranked here or indexed by the master's builder, and whichever way the top-k is
// found (a heap for a k small beside the rows, else a partition).
TEST(Property, TopKIsThePrefixOfTheFullOrder) {
  ConfigPtr cfg = testing::makeConfig();
  const char* orders[] = {"",
                          "order[r1m]",
                          "order[-mem]",
                          "order[mem:r15s]",
                          "order[ut:-cpuf]",
                          "order[-licenses:mem:r1m]",
                          "order[cs]",
                          "order[(gpu_free*2-r1m)]",
                          "order[-(mem*cpuf)]",
                          "select[mem>1] order[-gpu_free]"};
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    Generator g(seed);
    HostTable t = randomTable(cfg, g, 200);
    if (seed % 2 == 0) t.indexRows(cfg->resourceIndex("cpuf"));
    for (const char* text : orders) {
      auto req = compileRequest(text, *cfg);
      ASSERT_TRUE(req) << text << ": " << req.status().message();
      std::vector<uint32_t> all = selectHosts(**req, t).rows;
      for (size_t k : {size_t{1}, size_t{2}, size_t{5}, size_t{16}, size_t{24}, size_t{26},
                       size_t{100}, size_t{199}}) {
        std::vector<uint32_t> top = selectHosts(**req, t, {.limit = k}).rows;
        std::vector<uint32_t> want(all.begin(),
                                   all.begin() + static_cast<ptrdiff_t>(std::min(k, all.size())));
        ASSERT_EQ(top, want) << "seed " << seed << ": " << text << " k=" << k;
      }
    }
  }
}

}  // namespace
}  // namespace openlim
