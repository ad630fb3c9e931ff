// Dispatch from `study: <name>` to the study's builder; unknown keys are caught here, before any work.
#include "tribo/study/study_registry.hpp"

#include "tribo/study/config.hpp"

#include <fmt/format.h>

namespace tribo {

const std::vector<StudyEntry> &registeredStudies() {
  static const std::vector<StudyEntry> studies = {};
  return studies;
}

std::vector<CasePlan> buildStudy(const ConfigNode &root) {
  std::vector<std::string> names;
  for (const auto &s : registeredStudies()) names.push_back(s.name);
  const std::string name = root.getChoice("study", "", names);
  for (const auto &s : registeredStudies()) {
    if (s.name != name) continue;
    std::vector<CasePlan> cases = s.build(root);
    root.checkAllKeysUsed();
    if (cases.empty()) throw InputError(fmt::format("{}: study '{}' has no cases to run", root.where(), name));
    return cases;
  }
  root.fail("study", "no study of that name");
}

} // namespace tribo
