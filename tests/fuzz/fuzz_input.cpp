// libFuzzer target: bytes as an input file through the whole validation `tribo validate` does (YAML,
// limits, duplicate keys, --set overrides, sweeps, every study's builder, unknown keys). Lines of the
// form "#set key=value" are applied as --set overrides first, so overrides are fuzzed too. InputError
// (and IoError, for a file an input names) is the only way out; a crash, a sanitizer report, any other
// exception or a hang is a finding: minimise it, fix it, add it to tests/fuzz/regressions/.
#include "tribo/core/error.hpp"
#include "tribo/study/case.hpp"
#include "tribo/study/config.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  try {
    tribo::ConfigNode root = tribo::ConfigNode::fromString(text, "fuzz.yaml");
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
      if (line.rfind("#set ", 0) == 0) root.applyOverride(line.substr(5));
    // A small case limit keeps each input fast; the limit itself is what is checked.
    tribo::buildStudy(root, 64);
  } catch (const tribo::InputError &) {
  } catch (const tribo::IoError &) {
  }
  return 0;
}
