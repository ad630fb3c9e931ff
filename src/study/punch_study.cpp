// Study `punch`: input -> FlatPunchProblem -> one case writing the surface and its distance from Johnson.
#include "tribo/study/punch_study.hpp"

#include "tribo/slab/flat_punch.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/slab_config.hpp"

#include <fmt/format.h>

namespace tribo {

std::vector<CasePlan> buildPunchStudy(const ConfigNode &root) {
  const SlabGeometry slab = readSlabConfig(root.child("slab"));
  const ConfigNode punch = root.child("punch");
  // a / L_x: Fig. 5 does not state it; 1/8 keeps the finite slab's departure from a half-space small
  // while putting 2 a / dx = 32 spacings under the punch at n_x = 129.
  const double a_over_L = punch.getDouble("half_width_over_Lx", 0.125, Bounds::openClosed(0.0, 0.5));
  const double c_over_L = punch.getDouble("center_over_Lx", 0.5, Bounds::open(0.0, 1.0));
  const double indentation = punch.getDouble("indentation", 1e-6, Bounds::positive());
  const double window = punch.getDouble("error_window", 0.9, Bounds::open(0.0, 1.0));
  if (c_over_L - a_over_L < 0.0 || c_over_L + a_over_L > 1.0)
    punch.fail("half_width_over_Lx",
               fmt::format("the punch [{}, {}] L_x (center_over_Lx = {}) must lie within "
                           "the slab [0, 1] L_x",
                           c_over_L - a_over_L, c_over_L + a_over_L, c_over_L));

  FlatPunchProblem pb;
  pb.levels = slab.levels;
  pb.length_x = slab.length_x;
  pb.aspect_ratio = slab.aspect_ratio;
  pb.elastic = slab.elastic;
  pb.center = c_over_L * slab.length_x;
  pb.half_width = a_over_L * slab.length_x;
  pb.indentation = indentation;
  pb.error_window = window;

  CasePlan plan;
  plan.id = fmt::format("punch_N{}", slab.levels);
  plan.parameters = {{"levels", static_cast<long long>(slab.levels)},
                     {"length_x", slab.length_x},
                     {"aspect_ratio", slab.aspect_ratio},
                     {"depth_y", slab.depth_y},
                     {"shear_modulus", slab.elastic.shear_modulus},
                     {"poisson_ratio", slab.elastic.poisson_ratio},
                     {"half_width_over_Lx", a_over_L},
                     {"center_over_Lx", c_over_L},
                     {"indentation", indentation}};
  plan.cost = static_cast<double>(BinaryHierarchy::nodeCountFor(slab.levels));
  const double depth_y = slab.depth_y;
  plan.run = [pb, depth_y](MPI_Comm comm, CaseRecord &record) {
    const FlatPunchResult r = solveFlatPunch(comm, pb);
    const SurfaceState &s = r.surface;
    record.dataset("surface/x", s.x, "m");
    record.dataset("surface/u", s.u, "m");
    record.dataset("surface/w", s.w, "m");
    record.dataset("surface/p", r.p, "Pa");
    record.dataset("surface/tau", r.tau, "Pa");
    record.attribute("", "center", pb.center);
    record.attribute("", "half_width", pb.half_width);
    record.attribute("", "n_x", static_cast<long long>(s.x.size()));
    record.attribute("", "contact_nodes", static_cast<long long>(r.contact_nodes));
    record.attribute("", "total_force", r.total_force * depth_y);
    record.attribute("", "p0", r.p0);
    record.attribute("", "error_window", pb.error_window);
    record.attribute("", "compared_nodes", static_cast<long long>(r.compared_nodes));
    record.attribute("", "rms_error", r.rms_error);
    record.attribute("", "max_error", r.max_error);
    record.attribute("", "p0_shape_fit", r.p0_shape_fit);
    record.attribute("", "shape_rms_error", r.shape_rms_error);
  };
  return {plan};
}

} // namespace tribo
