// Dispatch from `study: <name>` to the study's builder; unknown keys are caught here, before any work.
#include "tribo/study/study_registry.hpp"

#include "tribo/study/config.hpp"
#include "tribo/study/disk_study.hpp"
#include "tribo/study/dynamics_study.hpp"
#include "tribo/study/friction_table_study.hpp"
#include "tribo/study/profile_study.hpp"
#include "tribo/study/punch_study.hpp"
#include "tribo/study/sweep.hpp"

#include <fmt/format.h>

namespace tribo {

static_assert(InputLimits::default_max_cases == 10000, "the default of buildStudy and of --max-cases");

const std::vector<StudyEntry> &registeredStudies() {
  static const std::vector<StudyEntry> studies = {
      {"disk", "sliding and spinning disk: F, T, eps0, trajectories to the stop", buildDiskStudy},
      {"dynamics", "stage-driven pin (Eq. 12): stick-slip, analysis and closed-form fit", buildDynamicsStudy},
      {"friction_table", "a friction law tabulated over normal force N and velocity v",
       buildFrictionTableStudy},
      {"profile",
       "pin sliding on the slab: nanoscale friction profile (Figs. 6-8), optional dynamics (Figs. 9-11)",
       buildProfileStudy},
      {"punch", "rigid flat punch on the slab against Johnson's solution (Fig. 5)", buildPunchStudy},
  };
  return studies;
}

namespace {

const StudyEntry &findStudy(const ConfigNode &root) {
  std::vector<std::string> names;
  for (const auto &s : registeredStudies())
    names.push_back(s.name);
  const std::string name = root.getChoice("study", "", names);
  for (const auto &s : registeredStudies())
    if (s.name == name) return s;
  root.fail("study", "no study of that name");
}

/// One input, no sweep: the study's own cases, after every key of the input has been checked.
std::vector<CasePlan> buildOne(const ConfigNode &root) {
  const StudyEntry &study = findStudy(root);
  std::vector<CasePlan> cases = study.build(root);
  root.checkAllKeysUsed();
  if (cases.empty())
    throw InputError(fmt::format("{}: study '{}' has no cases to run", root.where(), study.name));
  return cases;
}

} // namespace

std::vector<CasePlan> buildStudy(const ConfigNode &root, std::size_t max_cases) {
  const std::vector<SweepPoint> points = readSweep(root, max_cases);
  std::vector<CasePlan> all;
  if (points.size() == 1 && points.front().assignments.empty()) {
    all = buildOne(root);
  } else {
    // Each point is built from its own copy of the input, so its keys are validated with their values.
    for (const auto &point : points) {
      const ConfigNode copy = root.variant(point.assignments, point.origins);
      markSweepRead(copy);
      for (CasePlan &c : buildOne(copy)) {
        c.id += "@" + point.tag;
        c.parameters["sweep"] = point.tag;
        all.push_back(std::move(c));
      }
      if (all.size() > max_cases) break;
    }
  }
  if (all.size() > max_cases)
    throw InputError(fmt::format("{}: the study has more than {} cases; allowed at most {} (--max-cases N "
                                 "raises the limit)",
                                 root.where(), max_cases, max_cases));
  return all;
}

} // namespace tribo
