// Validated input: a YAML mapping that knows its key path and line, so every error names both.
#pragma once

#include "tribo/core/bounds.hpp"
#include "tribo/core/error.hpp"

#include <memory>
#include <set>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace tribo {

/// One mapping of the input. Reading a key marks it used; after a study has read its input,
/// `checkAllKeysUsed()` on the root turns every key nobody read into an "unknown key" error.
/// Physics modules never see this class: study builders read it into typed structs.
class ConfigNode {
public:
  /// `file` names the source in errors ("input/quickstart.yaml").
  static ConfigNode fromFile(const std::string &file);
  static ConfigNode fromString(const std::string &yaml, const std::string &file = "<string>");

  /// `--set a.b.c=value`: the value is parsed as YAML, so lists and numbers keep their types.
  void applyOverride(const std::string &assignment);

  /// A fresh copy of the whole input (its own record of keys read), re-read from the source text so
  /// lines stay right, with the overrides so far and then `extra` applied. Sweeps build each case
  /// from such a copy.
  ConfigNode variant(const std::vector<std::string> &extra) const;

  bool has(const std::string &key) const;
  std::string path() const { return path_; }
  /// "file:line" of this mapping, for messages.
  std::string where() const;
  /// The input file as named ("input/quickstart.yaml"; "<string>" for text): files an input names are
  /// found beside it.
  const std::string &sourceFile() const { return shared_->file; }

  /// A number, integer, bool or string; the required forms throw when the key is missing.
  double getDouble(const std::string &key, double fallback, Bounds allowed = Bounds::any()) const;
  double requireDouble(const std::string &key, Bounds allowed = Bounds::any()) const;
  long long getInt(const std::string &key, long long fallback, Bounds allowed = Bounds::any()) const;
  long long requireInt(const std::string &key, Bounds allowed = Bounds::any()) const;
  bool getBool(const std::string &key, bool fallback) const;
  std::string getString(const std::string &key, const std::string &fallback) const;
  std::string requireString(const std::string &key) const;
  /// A string out of a fixed set, e.g. contact.solver_path in {auto, reference, condensed}.
  std::string getChoice(const std::string &key, const std::string &fallback,
                        const std::vector<std::string> &choices) const;
  /// A list of numbers, each within `allowed`; a scalar is read as a list of one.
  std::vector<double> getDoubleList(const std::string &key, const std::vector<double> &fallback,
                                    Bounds allowed = Bounds::any()) const;
  std::vector<double> requireDoubleList(const std::string &key, Bounds allowed = Bounds::any()) const;

  /// A nested mapping; `child` of a missing key is an empty mapping (all defaults apply).
  ConfigNode child(const std::string &key) const;
  ConfigNode requireChild(const std::string &key) const;
  /// Elements of a list of mappings (e.g. disk.trajectories), each with its own path "a.b[3]".
  std::vector<ConfigNode> childList(const std::string &key) const;

  /// The keys of this mapping, in file order (reading them marks nothing as used).
  std::vector<std::string> keys() const;
  /// The raw YAML value of a key, marked used (sweeps copy values of any shape).
  YAML::Node rawValue(const std::string &key) const;

  /// Throws InputError naming the key path, line, value and what is allowed.
  [[noreturn]] void fail(const std::string &key, const std::string &what) const;

  /// Every key under this node that no one read is an error ("unknown key slab.levle").
  void checkAllKeysUsed() const;

  /// The YAML text this configuration was read from, with overrides applied (HDF5 provenance).
  std::string text() const;
  const YAML::Node &yaml() const { return node_; }

private:
  struct Shared {
    std::string file;
    std::string source;                 // the text as read
    std::vector<std::string> overrides; // --set assignments, in order
    std::set<std::string> used;         // key paths read so far
    YAML::Node root;
  };
  ConfigNode(std::shared_ptr<Shared> shared, YAML::Node node, std::string path);
  YAML::Node lookup(const std::string &key) const; // marks the key used
  std::string keyPath(const std::string &key) const;
  std::string lineOf(const YAML::Node &n) const;
  double checked(const std::string &key, const YAML::Node &n, Bounds allowed) const;

  std::shared_ptr<Shared> shared_;
  YAML::Node node_;
  std::string path_;
};

} // namespace tribo
