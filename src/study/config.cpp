// Validated input: typed reads of a YAML tree with the key path, line, value and range in every error.
#include "tribo/study/config.hpp"

#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <sstream>

namespace tribo {

namespace {

std::string joinPath(const std::string &base, const std::string &key) {
  return base.empty() ? key : base + "." + key;
}

std::string scalarText(const YAML::Node &n) {
  if (n.IsScalar()) return "'" + shortened(n.Scalar()) + "'";
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a mapping";
  return "null";
}

std::string lineText(const std::string &file, const YAML::Mark &mark) {
  return fmt::format("{}:{}", file, mark.line + 1);
}

/// Walks the tree once, as a study would read it (aliases expanded): refuses duplicate keys, and
/// bounds the expanded size and the nesting, which are what later reads and emits cost.
class TreeCheck {
public:
  explicit TreeCheck(const std::string &file) : file_(file) {}
  void visit(const YAML::Node &n, const std::string &path, std::size_t depth) {
    if (++count_ > InputLimits::nodes)
      throw InputError(fmt::format(
          "{}: {}: the input holds more than {} values once its aliases are expanded; allowed at most {} "
          "(an alias '*name' repeats everything its anchor '&name' holds)",
          lineText(file_, n.Mark()), path.empty() ? "(root)" : path, InputLimits::nodes, InputLimits::nodes));
    if (depth > InputLimits::depth)
      throw InputError(fmt::format("{}: {}: mappings and lists nested {} deep; allowed at most {}",
                                   lineText(file_, n.Mark()), path, depth, InputLimits::depth));
    if (n.IsMap()) {
      std::map<std::string, YAML::Mark> seen;
      for (const auto &kv : n) {
        // Keys are names: a null, empty or composite key (`: x`, `? [a]`) is no key anyone reads.
        if (!kv.first.IsScalar() || kv.first.Scalar().empty())
          throw InputError(fmt::format("{}: {}: a key must be a non-empty name, got {}",
                                       lineText(file_, kv.first.Mark()), path.empty() ? "(root)" : path,
                                       kv.first.IsScalar() ? "an empty one" : scalarText(kv.first)));
        const std::string key = kv.first.Scalar();
        const std::string p = joinPath(path, key);
        const auto [first, fresh] = seen.emplace(key, kv.first.Mark());
        if (!fresh)
          throw InputError(fmt::format("{}: {}: duplicate key (first at line {}); a key may appear once in a "
                                       "mapping",
                                       lineText(file_, kv.first.Mark()), shortened(p),
                                       first->second.line + 1));
        visit(kv.second, p, depth + 1);
      }
    } else if (n.IsSequence()) {
      for (std::size_t i = 0; i < n.size(); ++i)
        visit(n[i], fmt::format("{}[{}]", path, i), depth + 1);
    }
  }

private:
  const std::string &file_;
  std::size_t count_ = 0;
};

/// The source with the lines of its top-level `sweep:` entry blanked (line numbers kept), when the
/// root is a block mapping whose keys start their lines; otherwise the source itself.
std::string withoutSweep(const std::string &source, const YAML::Node &root) {
  int sweep_line = -1, next_line = std::numeric_limits<int>::max();
  for (const auto &kv : root) {
    const YAML::Mark m = kv.first.Mark();
    if (m.column != 0) return source;
    if (kv.first.Scalar() == "sweep") sweep_line = m.line;
  }
  if (sweep_line < 0) return source;
  for (const auto &kv : root)
    if (kv.first.Mark().line > sweep_line) next_line = std::min(next_line, kv.first.Mark().line);
  std::string out;
  out.reserve(source.size());
  int line = 0;
  std::size_t start = 0;
  while (start <= source.size()) {
    const auto end = source.find('\n', start);
    const std::size_t stop = end == std::string::npos ? source.size() : end;
    if (line < sweep_line || line >= next_line) out.append(source, start, stop - start);
    if (end == std::string::npos) break;
    out.push_back('\n');
    start = end + 1;
    ++line;
  }
  return out;
}

} // namespace

std::string shortened(const std::string &text) {
  if (text.size() <= InputLimits::echoed_chars) return text;
  return fmt::format("{}… ({} characters)", text.substr(0, InputLimits::echoed_chars), text.size());
}

ConfigNode::ConfigNode(std::shared_ptr<Shared> shared, YAML::Node node, std::string path,
                       std::string fallback_where)
    : shared_(std::move(shared)), node_(std::move(node)), path_(std::move(path)),
      fallback_where_(std::move(fallback_where)) {}

ConfigNode ConfigNode::parse(const std::string &yaml, const std::string &file, const std::string &source) {
  if (yaml.size() > InputLimits::file_bytes)
    throw InputError(fmt::format("{}: the input is {} bytes; allowed at most {}", file, yaml.size(),
                                 InputLimits::file_bytes));
  auto shared = std::make_shared<Shared>();
  shared->file = file;
  shared->source = source;
  try {
    shared->root = YAML::Load(yaml);
  } catch (const YAML::Exception &e) {
    if (e.mark.is_null())
      throw InputError(
          fmt::format("{}: malformed YAML: {} (nested more than yaml-cpp allows?)", file, e.msg));
    throw InputError(
        fmt::format("{}:{}:{}: malformed YAML: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
  if (!shared->root.IsMap())
    throw InputError(fmt::format("{}: the input must be a YAML mapping of keys", file));
  TreeCheck(file).visit(shared->root, "", 0);
  return ConfigNode(shared, shared->root, "", file);
}

ConfigNode ConfigNode::fromString(const std::string &yaml, const std::string &file) {
  ConfigNode root = parse(yaml, file, yaml);
  root.shared_->variant_source = withoutSweep(yaml, root.shared_->root);
  return root;
}

ConfigNode ConfigNode::fromFile(const std::string &file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read input file '{}'", file));
  // Read at most one byte more than allowed: /dev/zero or a huge file is refused, not swallowed.
  std::string text(InputLimits::file_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > InputLimits::file_bytes)
    throw InputError(fmt::format("{}: the input file is larger than allowed ({} bytes at most)", file,
                                 InputLimits::file_bytes));
  return fromString(text, file);
}

void ConfigNode::applyOverride(const std::string &assignment) {
  assign(assignment, shared_->file + " (from --set)");
  if (path_.empty()) shared_->overrides.push_back(assignment);
}

std::vector<std::string> ConfigNode::overriddenKeys() const {
  std::vector<std::string> keys;
  for (const auto &a : shared_->overrides)
    keys.push_back(a.substr(0, a.find('=')));
  return keys;
}

void ConfigNode::assign(const std::string &assignment, const std::string &origin) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError(fmt::format("--set '{}': expected key.path=value", shortened(assignment)));
  const std::string key = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  std::vector<std::string> names;
  {
    std::stringstream parts(key);
    std::string part;
    while (std::getline(parts, part, '.'))
      names.push_back(part);
    if (key.back() == '.') names.push_back("");
  }
  for (const auto &n : names)
    if (n.empty())
      throw InputError(fmt::format("{}: '{}': a key path is names joined by '.', none of them empty", origin,
                                   shortened(key)));
  if (text.find_first_not_of(" \t") == std::string::npos)
    throw InputError(fmt::format("{}: {}: no value after '='; give a value, or leave the key out for its "
                                 "default",
                                 origin, shortened(key)));
  YAML::Node value;
  try {
    value = YAML::Load(text);
  } catch (const YAML::Exception &e) {
    throw InputError(
        fmt::format("{}: {}: malformed value '{}': {}", origin, shortened(key), shortened(text), e.msg));
  }
  if (value.IsNull())
    throw InputError(fmt::format("{}: {}: the value '{}' is null; give a value, or leave the key out for its "
                                 "default",
                                 origin, shortened(key), shortened(text)));
  TreeCheck(shared_->file).visit(value, key, names.size());
  // Walk (and create) the mappings along the dotted path. yaml-cpp nodes are handles, so assigning
  // through a chain of copies edits the tree in place. A mapping the assignment creates is its own.
  std::vector<YAML::Node> chain{node_};
  std::string prefix = path_;
  for (std::size_t i = 0; i + 1 < names.size(); ++i) {
    YAML::Node next = chain.back()[names[i]];
    prefix = joinPath(prefix, names[i]);
    if (next.IsDefined() && !next.IsNull() && !next.IsMap())
      throw InputError(fmt::format("{}: {}: '{}' is not a mapping", origin, shortened(key), prefix));
    if (!next.IsDefined() || next.IsNull()) shared_->assigned.emplace(prefix, origin);
    chain.push_back(next);
  }
  chain.back()[names.back()] = value;
  shared_->assigned[joinPath(path_, key)] = origin;
}

ConfigNode ConfigNode::variant(const std::vector<std::string> &extra,
                               const std::vector<std::string> &extra_origins) const {
  ConfigNode copy = parse(shared_->variant_source, shared_->file, shared_->source);
  copy.shared_->variant_source = shared_->variant_source;
  copy.shared_->defaults = shared_->defaults;
  for (const auto &a : shared_->overrides)
    copy.applyOverride(a);
  for (std::size_t i = 0; i < extra.size(); ++i)
    copy.assign(extra[i], i < extra_origins.size() ? extra_origins[i] : shared_->file + " (from --set)");
  return copy;
}

namespace {

/// A number as YAML writes it: shortest round trip, .nan and .inf spelt YAML's way.
std::string yamlNumber(double v) {
  if (std::isnan(v)) return ".nan";
  if (std::isinf(v)) return v > 0 ? ".inf" : "-.inf";
  return fmt::format("{}", v);
}

} // namespace

void ConfigNode::noteDefault(const std::string &key, std::string value) const {
  shared_->defaults->emplace(keyPath(key), std::move(value));
}

std::string ConfigNode::defaultsText() const {
  std::string out;
  for (const auto &[path, value] : *shared_->defaults)
    out += fmt::format("{}: {}\n", path, value);
  return out;
}

bool ConfigNode::has(const std::string &key) const {
  return node_.IsMap() && node_[key].IsDefined() && !node_[key].IsNull();
}

std::string ConfigNode::keyPath(const std::string &key) const {
  return joinPath(path_, key);
}

std::string ConfigNode::lineOf(const std::string &path, const YAML::Node &n) const {
  // A value set by --set or a sweep point is re-parsed text: the origin recorded for its path (or the
  // closest enclosing path) is its line.
  if (!shared_->assigned.empty()) {
    const std::string *origin = nullptr;
    for (std::size_t i = 1; i <= path.size(); ++i)
      if (i == path.size() || path[i] == '.' || path[i] == '[') {
        const auto it = shared_->assigned.find(path.substr(0, i));
        if (it != shared_->assigned.end()) origin = &it->second;
      }
    if (origin) return *origin;
  }
  if (n.IsDefined() && n.Mark().line >= 0) return lineText(shared_->file, n.Mark());
  return fallback_where_;
}

std::string ConfigNode::where() const {
  return lineOf(path_, node_);
}

std::string ConfigNode::whereIs(const std::string &key, const YAML::Node &n) const {
  return lineOf(keyPath(key), n);
}

YAML::Node ConfigNode::lookup(const std::string &key) const {
  shared_->used.insert(keyPath(key));
  if (!node_.IsMap()) return YAML::Node();
  return node_[key];
}

void ConfigNode::fail(const std::string &key, const std::string &what) const {
  YAML::Node n = node_.IsMap() ? node_[key] : YAML::Node();
  const std::string loc = (n.IsDefined() && !n.IsNull()) ? lineOf(keyPath(key), n) : where();
  throw InputError(fmt::format("{}: {}: {}", loc, keyPath(key), what));
}

double ConfigNode::checked(const std::string &key, const YAML::Node &n, Bounds allowed) const {
  double v = 0;
  try {
    v = n.as<double>();
  } catch (const YAML::Exception &) {
    fail(key, fmt::format("expected a number, got {}", scalarText(n)));
  }
  if (!allowed.contains(v))
    fail(key, fmt::format("value {:g} is out of range; allowed {}", v, allowed.describe()));
  return v;
}

double ConfigNode::getDouble(const std::string &key, double fallback, Bounds allowed) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) return noteDefault(key, yamlNumber(fallback)), fallback;
  return checked(key, n, allowed);
}

double ConfigNode::requireDouble(const std::string &key, Bounds allowed) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull())
    fail(key, fmt::format("required key is missing; allowed {}", allowed.describe()));
  return checked(key, n, allowed);
}

long long ConfigNode::getInt(const std::string &key, long long fallback, Bounds allowed) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) return noteDefault(key, fmt::format("{}", fallback)), fallback;
  long long v = 0;
  try {
    v = n.as<long long>();
  } catch (const YAML::Exception &) {
    fail(key, fmt::format("expected an integer, got {}", scalarText(n)));
  }
  if (!allowed.contains(static_cast<double>(v)))
    fail(key, fmt::format("value {} is out of range; allowed {}", v, allowed.describe()));
  return v;
}

long long ConfigNode::requireInt(const std::string &key, Bounds allowed) const {
  if (!has(key)) {
    lookup(key);
    fail(key, fmt::format("required key is missing; allowed integers in {}", allowed.describe()));
  }
  return getInt(key, 0, allowed);
}

bool ConfigNode::getBool(const std::string &key, bool fallback) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) return noteDefault(key, fallback ? "true" : "false"), fallback;
  try {
    return n.as<bool>();
  } catch (const YAML::Exception &) {
    fail(key, fmt::format("expected true or false, got {}", scalarText(n)));
  }
}

std::string ConfigNode::getString(const std::string &key, const std::string &fallback) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) {
    YAML::Emitter quoted;
    quoted << fallback;
    noteDefault(key, quoted.c_str());
    return fallback;
  }
  if (!n.IsScalar()) fail(key, fmt::format("expected a string, got {}", scalarText(n)));
  return n.Scalar();
}

std::string ConfigNode::requireString(const std::string &key) const {
  if (!has(key)) {
    lookup(key);
    fail(key, "required key is missing");
  }
  return getString(key, "");
}

std::string ConfigNode::getChoice(const std::string &key, const std::string &fallback,
                                  const std::vector<std::string> &choices) const {
  const std::string v = getString(key, fallback);
  for (const auto &c : choices)
    if (c == v) return v;
  fail(key, fmt::format("value '{}' is not allowed; choose one of {{{}}}", shortened(v),
                        fmt::join(choices, ", ")));
}

std::vector<double> ConfigNode::getDoubleList(const std::string &key, const std::vector<double> &fallback,
                                              Bounds allowed) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) {
    std::vector<std::string> items;
    for (double v : fallback)
      items.push_back(yamlNumber(v));
    noteDefault(key, fmt::format("[{}]", fmt::join(items, ", ")));
    return fallback;
  }
  std::vector<double> out;
  if (n.IsScalar()) {
    out.push_back(checked(key, n, allowed));
    return out;
  }
  if (!n.IsSequence()) fail(key, fmt::format("expected a list of numbers, got {}", scalarText(n)));
  for (std::size_t i = 0; i < n.size(); ++i) {
    double v = 0;
    try {
      v = n[i].as<double>();
    } catch (const YAML::Exception &) {
      fail(key, fmt::format("element {} is not a number ({})", i, scalarText(n[i])));
    }
    if (!allowed.contains(v))
      fail(key, fmt::format("element {} = {:g} is out of range; allowed {}", i, v, allowed.describe()));
    out.push_back(v);
  }
  return out;
}

std::vector<double> ConfigNode::requireDoubleList(const std::string &key, Bounds allowed) const {
  if (!has(key)) {
    lookup(key);
    fail(key, fmt::format("required list is missing; elements allowed in {}", allowed.describe()));
  }
  return getDoubleList(key, {}, allowed);
}

ConfigNode ConfigNode::child(const std::string &key) const {
  YAML::Node n = lookup(key);
  if (n.IsDefined() && !n.IsNull() && !n.IsMap())
    fail(key, fmt::format("expected a mapping of keys, got {}", scalarText(n)));
  return ConfigNode(shared_, n.IsDefined() && !n.IsNull() ? n : YAML::Node(YAML::NodeType::Map), keyPath(key),
                    where());
}

ConfigNode ConfigNode::requireChild(const std::string &key) const {
  if (!has(key)) {
    lookup(key);
    fail(key, "required section is missing");
  }
  return child(key);
}

std::vector<ConfigNode> ConfigNode::childList(const std::string &key) const {
  YAML::Node n = lookup(key);
  std::vector<ConfigNode> out;
  if (!n.IsDefined() || n.IsNull()) return out;
  if (!n.IsSequence()) fail(key, fmt::format("expected a list, got {}", scalarText(n)));
  for (std::size_t i = 0; i < n.size(); ++i) {
    const std::string p = fmt::format("{}[{}]", keyPath(key), i);
    if (!n[i].IsMap()) throw InputError(fmt::format("{}: {}: expected a mapping", lineOf(p, n[i]), p));
    shared_->used.insert(p);
    out.push_back(ConfigNode(shared_, n[i], p, lineOf(p, n[i])));
  }
  return out;
}

std::vector<std::string> ConfigNode::keys() const {
  std::vector<std::string> out;
  if (node_.IsMap())
    for (const auto &kv : node_)
      out.push_back(kv.first.Scalar());
  return out;
}

YAML::Node ConfigNode::rawValue(const std::string &key) const {
  return lookup(key);
}

void ConfigNode::checkAllKeysUsed() const {
  // Depth-first over mappings and lists of mappings; the first unknown key found is reported.
  std::function<void(const YAML::Node &, const std::string &)> visit = [&](const YAML::Node &n,
                                                                           const std::string &base) {
    if (n.IsMap()) {
      for (const auto &kv : n) {
        const std::string p = joinPath(base, kv.first.Scalar());
        if (!shared_->used.count(p))
          throw InputError(fmt::format(
              "{}: unknown key '{}' (not read by study '{}'; see docs/input.md)", lineOf(p, kv.first),
              shortened(p), shared_->root["study"].IsScalar() ? shared_->root["study"].Scalar() : "?"));
        visit(kv.second, p);
      }
    } else if (n.IsSequence()) {
      for (std::size_t i = 0; i < n.size(); ++i)
        if (n[i].IsMap()) visit(n[i], fmt::format("{}[{}]", base, i));
    }
  };
  visit(node_, path_);
}

std::string ConfigNode::text() const {
  YAML::Emitter out;
  out << shared_->root;
  return out.c_str();
}

} // namespace tribo
