// Validated input: typed reads of a YAML tree with the key path, line, value and range in every error.
#include "tribo/study/config.hpp"

#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <sstream>

namespace tribo {

namespace {

std::string joinPath(const std::string &base, const std::string &key) {
  return base.empty() ? key : base + "." + key;
}

std::string scalarText(const YAML::Node &n) {
  if (n.IsScalar()) return "'" + n.Scalar() + "'";
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a mapping";
  return "null";
}

} // namespace

ConfigNode::ConfigNode(std::shared_ptr<Shared> shared, YAML::Node node, std::string path)
    : shared_(std::move(shared)), node_(std::move(node)), path_(std::move(path)) {}

ConfigNode ConfigNode::fromString(const std::string &yaml, const std::string &file) {
  auto shared = std::make_shared<Shared>();
  shared->file = file;
  shared->source = yaml;
  try {
    shared->root = YAML::Load(yaml);
  } catch (const YAML::Exception &e) {
    throw InputError(
        fmt::format("{}:{}:{}: malformed YAML: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
  if (!shared->root.IsMap())
    throw InputError(fmt::format("{}: the input must be a YAML mapping of keys", file));
  return ConfigNode(shared, shared->root, "");
}

ConfigNode ConfigNode::fromFile(const std::string &file) {
  std::ifstream in(file);
  if (!in) throw InputError(fmt::format("cannot read input file '{}'", file));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return fromString(buffer.str(), file);
}

void ConfigNode::applyOverride(const std::string &assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError(fmt::format("--set '{}': expected key.path=value", assignment));
  const std::string key = assignment.substr(0, eq);
  YAML::Node value;
  try {
    value = YAML::Load(assignment.substr(eq + 1));
  } catch (const YAML::Exception &e) {
    throw InputError(fmt::format("--set '{}': malformed value: {}", assignment, e.msg));
  }
  // Walk (and create) the mappings along the dotted path. yaml-cpp nodes are handles, so assigning
  // through a chain of copies edits the tree in place.
  std::vector<YAML::Node> chain{node_};
  std::stringstream parts(key);
  std::string part;
  std::vector<std::string> names;
  while (std::getline(parts, part, '.'))
    names.push_back(part);
  for (std::size_t i = 0; i + 1 < names.size(); ++i) {
    YAML::Node next = chain.back()[names[i]];
    if (next.IsDefined() && !next.IsNull() && !next.IsMap())
      throw InputError(fmt::format("--set '{}': '{}' is not a mapping", assignment, names[i]));
    chain.push_back(next);
  }
  chain.back()[names.back()] = value;
  if (path_.empty()) shared_->overrides.push_back(assignment);
}

ConfigNode ConfigNode::variant(const std::vector<std::string> &extra) const {
  ConfigNode copy = fromString(shared_->source, shared_->file);
  for (const auto &a : shared_->overrides)
    copy.applyOverride(a);
  for (const auto &a : extra)
    copy.applyOverride(a);
  return copy;
}

bool ConfigNode::has(const std::string &key) const {
  return node_.IsMap() && node_[key].IsDefined() && !node_[key].IsNull();
}

std::string ConfigNode::keyPath(const std::string &key) const {
  return joinPath(path_, key);
}

std::string ConfigNode::lineOf(const YAML::Node &n) const {
  const auto mark = n.Mark();
  if (mark.line < 0) return shared_->file + " (from --set)";
  return fmt::format("{}:{}", shared_->file, mark.line + 1);
}

std::string ConfigNode::where() const {
  return lineOf(node_);
}

YAML::Node ConfigNode::lookup(const std::string &key) const {
  shared_->used.insert(keyPath(key));
  if (!node_.IsMap()) return YAML::Node();
  return node_[key];
}

void ConfigNode::fail(const std::string &key, const std::string &what) const {
  YAML::Node n = node_.IsMap() ? node_[key] : YAML::Node();
  const std::string loc = (n.IsDefined() && !n.IsNull()) ? lineOf(n) : where();
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
  if (!n.IsDefined() || n.IsNull()) return fallback;
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
  if (!n.IsDefined() || n.IsNull()) return fallback;
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
  if (!n.IsDefined() || n.IsNull()) return fallback;
  try {
    return n.as<bool>();
  } catch (const YAML::Exception &) {
    fail(key, fmt::format("expected true or false, got {}", scalarText(n)));
  }
}

std::string ConfigNode::getString(const std::string &key, const std::string &fallback) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) return fallback;
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
  fail(key, fmt::format("value '{}' is not allowed; choose one of {{{}}}", v, fmt::join(choices, ", ")));
}

std::vector<double> ConfigNode::getDoubleList(const std::string &key, const std::vector<double> &fallback,
                                              Bounds allowed) const {
  YAML::Node n = lookup(key);
  if (!n.IsDefined() || n.IsNull()) return fallback;
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
  return ConfigNode(shared_, n.IsDefined() && !n.IsNull() ? n : YAML::Node(YAML::NodeType::Map),
                    keyPath(key));
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
    if (!n[i].IsMap()) throw InputError(fmt::format("{}: {}: expected a mapping", lineOf(n[i]), p));
    shared_->used.insert(p);
    out.push_back(ConfigNode(shared_, n[i], p));
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
              "{}: unknown key '{}' (not read by study '{}'; see docs/input.md)", lineOf(kv.first), p,
              shared_->root["study"].IsScalar() ? shared_->root["study"].Scalar() : "?"));
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
