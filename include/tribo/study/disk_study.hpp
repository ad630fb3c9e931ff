// Study `disk`: friction force and torque curves, trajectories to the stop, and the experiment's
// analysis for the sliding and spinning disk (disk paper, Figs. 2-5).
#pragma once

#include "tribo/disk/contact_integral.hpp"
#include "tribo/disk/disk_motion.hpp"
#include "tribo/disk/throw_experiment.hpp"
#include "tribo/friction/friction_law.hpp"
#include "tribo/study/case.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tribo {

class ConfigNode;

/// One pressure distribution as read from the input (name for case ids and records).
/// disk.*.pressure.kind, chosen once when the input is read.
enum class PressureKind { uniform, hertz, annulus, table };
/// The input's word for it (also the records' attribute "pressure").
std::string pressureKindName(PressureKind kind);

struct DiskPressureSetup {
  PressureKind kind = PressureKind::uniform;
  std::string label; // unique within the study: kind, or kind-<index> when repeated
  PressureProfile profile = PressureProfile::uniform();
  double inner_radius = 0.0; // annulus hole radius [m]
};

/// One initial condition, in SI (converted from v_star/omega_star when given dimensionless).
struct DiskInitialCondition {
  double v0 = 0.0, omega0 = 0.0; // [m/s], [rad/s]
};

struct DiskAnalysisSetup : ThrowExperiment {
  bool enabled = false;
};

/// Trajectories under a local friction law (beyond the paper): `disk.friction_law` and
/// `disk.velocity_law`.
struct DiskVelocityLawSetup {
  bool enabled = false;
  std::shared_ptr<const FrictionLaw> law;
  std::map<std::string, AttributeValue> law_parameters; // "law" and every parameter, SI
  DiskPressureSetup pressure;
  LocalFrictionOptions quadrature;
  MotionOptions motion;
  std::vector<DiskInitialCondition> initial; // one case each
  double frame_before_stop = 0.04;           // [s] eps is also reported this long before the stop
  int frozen_points = 9;                     // frozen fixed points on omega in [ratio, 1] omega0
  double frozen_omega_ratio = 1e-4;
};

/// Everything the study reads, typed (keys, units and defaults in docs/disk.md).
struct DiskSetup {
  DiskBody body;
  ContactQuadratureOptions quadrature;
  std::vector<DiskPressureSetup> pressures; // one curves case each
  std::vector<double> eps;                  // the curves' eps grid
  DiskPressureSetup trajectory_pressure;
  MotionOptions motion;
  std::vector<DiskInitialCondition> initial; // one trajectory case each
  DiskAnalysisSetup analysis;
  DiskVelocityLawSetup velocity_law;
};

/// Reads and validates the `disk` block. Throws InputError naming the key before any work.
DiskSetup readDiskSetup(const ConfigNode &root);

/// The cases: disk-curves-<pressure>, disk-trajectory-<i>-v0=..-omega0=.., disk-analysis,
/// disk-velocity-law-<i>-v0=..-omega0=...
std::vector<CasePlan> buildDiskStudy(const ConfigNode &root);

} // namespace tribo
