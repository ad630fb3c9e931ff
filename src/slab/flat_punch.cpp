// The rigid flat punch: prescribed indentation, surface tractions and their distance from Johnson's shape.
#include "tribo/slab/flat_punch.hpp"

#include "tribo/core/error.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

double johnsonFlatPunchPressure(double p0, double a, double s) {
  const double r = s / a;
  return std::abs(r) < 1.0 ? p0 / std::sqrt(1.0 - r * r) : 0.0;
}

FlatPunchResult solveFlatPunch(MPI_Comm comm, const FlatPunchProblem &pb, const SlabSolverOptions &options) {
  if (!(pb.slab.aspect_ratio > 0) || !std::isfinite(pb.slab.aspect_ratio))
    throw InputError(fmt::format("slab aspect_ratio = {} must be in (0, inf)", pb.slab.aspect_ratio));
  if (!(pb.half_width > 0) || !(pb.center - pb.half_width >= 0) ||
      !(pb.center + pb.half_width <= pb.slab.length_x))
    throw InputError(
        fmt::format("punch half_width = {} m about center = {} m must lie within the slab [0, {}] m",
                    pb.half_width, pb.center, pb.slab.length_x));
  if (!(pb.error_window > 0 && pb.error_window < 1))
    throw InputError(fmt::format("punch error_window = {} must be in (0, 1)", pb.error_window));
  const BinaryHierarchy grid = pb.slab.grid();
  SlabSystem slab(comm, grid, pb.slab.elastic, pb.support, options);

  const std::int64_t nx = grid.surfaceNodeCount();
  SurfaceCondition cond = SurfaceCondition::free(nx);
  // Nodes on the punch's edge count as in contact; the tolerance absorbs round-off in x.
  const double tol = 1e-9 * grid.spacingX(0);
  FlatPunchResult res;
  for (std::int64_t k = 0; k < nx; ++k)
    if (std::abs(grid.x({0, k}) - pb.center) <= pb.half_width + tol) {
      const bool pulled = pb.kind == PunchKind::bonded_tangential;
      cond.w_kind[k] = DofKind::displacement;
      cond.w_value[k] = pulled ? 0.0 : pb.indentation;
      if (pb.kind != PunchKind::frictionless) {
        cond.u_kind[k] = DofKind::displacement;
        cond.u_value[k] = pulled ? pb.indentation : 0.0;
      }
      ++res.contact_nodes;
    }
  slab.setSurface(cond);
  slab.solve();

  res.surface = slab.surface();
  if (pb.gather_fields) res.fields = slab.gatherFields();
  const auto &s = res.surface;
  res.p.resize(nx);
  res.tau.resize(nx);
  for (std::int64_t k = 0; k < nx; ++k) {
    res.p[k] = s.fz[k] / s.width[k];
    res.tau[k] = s.fx[k] / s.width[k];
    res.lateral_reaction += s.fx[k];
    if (cond.w_kind[k] == DofKind::displacement) {
      res.total_force += s.fz[k];
      res.contact_shear += s.fx[k];
    }
  }
  res.stiffness =
      (pb.kind == PunchKind::bonded_tangential ? res.contact_shear : res.total_force) / pb.indentation;
  if (pb.kind == PunchKind::bonded_tangential) return res; // no pressure shape to compare
  // Shapes are compared at equal total force: integral of p0 / sqrt(1 - (s/a)^2) over (-a, a) is pi a p0.
  res.p0 = res.total_force / (M_PI * pb.half_width);
  std::vector<std::int64_t> window;
  for (std::int64_t k = 0; k < nx; ++k)
    if (std::abs(s.x[k] - pb.center) <= pb.error_window * pb.half_width + tol) window.push_back(k);
  res.compared_nodes = static_cast<int>(window.size());
  // p / shape, with shape(s) = 1 / sqrt(1 - (s/a)^2): constant (= p0) for Johnson's solution.
  auto ratio = [&](std::int64_t k) {
    return res.p[k] / johnsonFlatPunchPressure(1.0, pb.half_width, s.x[k] - pb.center);
  };
  double sum2 = 0, sum_ratio = 0;
  for (std::int64_t k : window) {
    const double e = ratio(k) / res.p0 - 1.0;
    sum2 += e * e;
    res.max_error = std::max(res.max_error, std::abs(e));
    sum_ratio += ratio(k);
  }
  const double n_window = std::max<double>(1.0, static_cast<double>(window.size()));
  res.rms_error = std::sqrt(sum2 / n_window);
  res.p0_shape_fit = sum_ratio / n_window; // minimises sum (ratio - p0)^2
  double shape2 = 0;
  for (std::int64_t k : window)
    shape2 += std::pow(ratio(k) / res.p0_shape_fit - 1.0, 2);
  res.shape_rms_error = std::sqrt(shape2 / n_window);
  return res;
}

} // namespace tribo
