// Validated input: a YAML mapping that knows its key path and line, so every error names both.
#pragma once

#include "tribo/core/bounds.hpp"
#include "tribo/core/error.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace tribo {

/// Limits on an input, each refused with an error that names it (docs/input.md, "Limits"): they
/// bound the time and memory of validation whatever the input holds.
struct InputLimits {
  static constexpr std::size_t file_bytes = 1 << 20;      // the input file
  static constexpr std::size_t nodes = 200000;            // YAML values, with aliases expanded
  static constexpr std::size_t depth = 64;                // nesting of mappings and lists
  static constexpr std::size_t echoed_chars = 60;         // a value quoted in a message is cut here
  static constexpr std::size_t default_max_cases = 10000; // cases of a study (--max-cases)
};

/// One mapping of the input. Reading a key marks it used; after a study has read its input,
/// `checkAllKeysUsed()` on the root turns every key nobody read into an "unknown key" error.
/// Physics modules never see this class: study builders read it into typed structs.
class ConfigNode {
public:
  /// `file` names the source in errors ("input/quickstart.yaml").
  static ConfigNode fromFile(const std::string &file);
  static ConfigNode fromString(const std::string &yaml, const std::string &file = "<string>");

  /// `--set a.b.c=value`: the value is parsed as YAML, so lists and numbers keep their types. An empty
  /// or null value is an error (leaving the key out gives its default). Errors about the key then
  /// name `(from --set)` as its line.
  void applyOverride(const std::string &assignment);
  /// The key paths set by `--set` so far, in order.
  std::vector<std::string> overriddenKeys() const;

  /// A fresh copy of the whole input (its own record of keys read), re-read from the source text so
  /// lines stay right, with the overrides so far and then `extra` applied; `extra_origins[i]` is what
  /// errors about `extra[i]`'s key name as its line (a sweep value's own line). The copy leaves out the
  /// input's `sweep:` block where it can (a top-level block mapping), so building every point of a
  /// sweep takes time linear in the number of points. Sweeps build each case from such a copy.
  ConfigNode variant(const std::vector<std::string> &extra,
                     const std::vector<std::string> &extra_origins = {}) const;

  bool has(const std::string &key) const;
  std::string path() const { return path_; }
  /// "file:line" of this mapping, for messages.
  std::string where() const;
  /// "file:line" of a value `n` read under `key` (or "file (from --set)"), for messages.
  std::string whereIs(const std::string &key, const YAML::Node &n) const;
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

  /// The keys the input left out and the defaults the studies used for them, one `key.path: value`
  /// per line, sorted (YAML; the sweeps' points included): with text(), what the run was given.
  std::string defaultsText() const;

  /// The YAML text this configuration was read from, with overrides applied (HDF5 provenance).
  std::string text() const;
  const YAML::Node &yaml() const { return node_; }

private:
  struct Shared {
    std::string file;
    std::string source;                          // the text as read
    std::string variant_source;                  // the same without its top-level sweep block, lines kept
    std::vector<std::string> overrides;          // --set assignments, in order
    std::map<std::string, std::string> assigned; // key path set by --set or a sweep -> its "line"
    std::set<std::string> used;                  // key paths read so far
    // Key path -> the default used for it, shared with the variants (sweep points) made from this input.
    std::shared_ptr<std::map<std::string, std::string>> defaults =
        std::make_shared<std::map<std::string, std::string>>();
    YAML::Node root;
  };
  ConfigNode(std::shared_ptr<Shared> shared, YAML::Node node, std::string path, std::string fallback_where);
  static ConfigNode parse(const std::string &yaml, const std::string &file, const std::string &source);
  void assign(const std::string &assignment, const std::string &origin);
  YAML::Node lookup(const std::string &key) const; // marks the key used
  std::string keyPath(const std::string &key) const;
  std::string lineOf(const std::string &path, const YAML::Node &n) const;
  double checked(const std::string &key, const YAML::Node &n, Bounds allowed) const;
  /// Records that `key` was absent and `value` (YAML text) used for it.
  void noteDefault(const std::string &key, std::string value) const;

  std::shared_ptr<Shared> shared_;
  YAML::Node node_;
  std::string path_;
  std::string fallback_where_; // for a mapping without a line of its own (absent, or made by --set)
};

/// A value as quoted in messages: cut after InputLimits::echoed_chars characters, with "…".
std::string shortened(const std::string &text);

} // namespace tribo
