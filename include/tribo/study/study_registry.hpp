// The studies tribo knows, by the name the input's `study:` key gives.
#pragma once

#include "tribo/study/case.hpp"

#include <string>
#include <vector>

namespace tribo {

struct StudyEntry {
  std::string name;
  std::string description;
  std::vector<CasePlan> (*build)(const ConfigNode &root);
};

const std::vector<StudyEntry> &registeredStudies();

} // namespace tribo
