// parseJson and parseJsonItems: trees built from the reader's events (json_parse.cc).

#include "format/json.h"

namespace openlim::format {

// Builds the tree from the events: each value goes into the innermost open container (under
// the last name for an object). Pointers to open containers stay valid: only the innermost
// one grows.
class JsonTreeBuilder : public JsonEvents {
 public:
  void beginObject() override { open(Json::Kind::kObject); }
  void beginArray() override { open(Json::Kind::kArray); }
  void endObject() override { stack_.pop_back(); }
  void endArray() override { stack_.pop_back(); }
  void key(std::string_view name) override { key_.assign(name); }
  void scalar(Json& v) override { slot() = std::move(v); }
  Json& root() { return root_; }

 private:
  Json& slot() {
    if (stack_.empty()) return root_;
    Json& top = *stack_.back();
    if (top.kind_ == Json::Kind::kArray) return top.items_.emplace_back();
    return top.members_.emplace_back(std::move(key_), Json()).second;
  }
  void open(Json::Kind kind) {
    Json& j = slot();
    j.kind_ = kind;
    stack_.push_back(&j);
  }
  Json root_;
  std::vector<Json*> stack_;
  std::string key_;
};

// Forwards the events to the root's tree, except the items of the root member `arrayKey`
// (an array): each of those goes to a tree of its own, handed over when complete.
class JsonItemStreamer : public JsonEvents {
 public:
  JsonItemStreamer(std::string_view arrayKey, const std::function<void(Json&)>& onItem)
      : arrayKey_(arrayKey), onItem_(onItem) {}

  void beginObject() override { begin(false); }
  void beginArray() override { begin(true); }
  void endObject() override { end(); }
  void endArray() override { end(); }
  void key(std::string_view name) override {
    if (mode_ == Mode::kItem) return item_.key(name);
    head_.key(name);
    if (depth_ == 1) rootKey_.assign(name);
  }
  void scalar(Json& v) override {
    if (mode_ == Mode::kItem) return item_.scalar(v);
    if (mode_ == Mode::kArray) return onItem_(v);
    head_.scalar(v);
  }
  Json& head() { return head_.root(); }

 private:
  enum class Mode { kHead, kArray, kItem };

  void begin(bool array) {
    if (mode_ == Mode::kHead) {
      if (array && depth_ == 1 && rootKey_ == arrayKey_) {
        mode_ = Mode::kArray;
      } else {
        array ? head_.beginArray() : head_.beginObject();
        ++depth_;
      }
      return;
    }
    if (mode_ == Mode::kArray) {
      item_ = JsonTreeBuilder();
      mode_ = Mode::kItem;
    }
    array ? item_.beginArray() : item_.beginObject();
    ++itemDepth_;
  }
  void end() {
    if (mode_ == Mode::kItem) {
      item_.endObject();  // the same for an array: closes the innermost container
      if (--itemDepth_ == 0) {
        onItem_(item_.root());
        mode_ = Mode::kArray;
      }
      return;
    }
    if (mode_ == Mode::kArray) {
      mode_ = Mode::kHead;
      return;
    }
    head_.endObject();
    --depth_;
  }

  std::string arrayKey_;
  const std::function<void(Json&)>& onItem_;
  JsonTreeBuilder head_;
  JsonTreeBuilder item_;
  Mode mode_ = Mode::kHead;
  size_t depth_ = 0;      // open containers of the head tree
  size_t itemDepth_ = 0;  // open containers of the current item
  std::string rootKey_;   // the last member name of the root object
};

Result<Json> parseJsonItems(std::string_view text, std::string_view arrayKey,
                            const std::function<void(Json& item)>& onItem, size_t maxDepth) {
  JsonItemStreamer streamer(arrayKey, onItem);
  Status s = parseJsonEvents(text, streamer, maxDepth);
  if (!s.isOk()) return s;
  return std::move(streamer.head());
}

Result<Json> parseJson(std::string_view text, size_t maxDepth) {
  JsonTreeBuilder tree;
  Status s = parseJsonEvents(text, tree, maxDepth);
  if (!s.isOk()) return s;
  return std::move(tree.root());
}

}  // namespace openlim::format
