// Face integrals of the control-volume balance by Gauss-Legendre quadrature (Eqs. 4-7).
#include "tribo/slab/stiffness_row.hpp"

#include "tribo/core/error.hpp"
#include "tribo/slab/node_interpolant.hpp"

#include <petscdt.h>
#include <vector>

namespace tribo {

namespace {

struct GaussRule {
  std::vector<PetscReal> t, w; // on [-1, 1]
};

const GaussRule &gaussRule(int points) {
  // Rules up to 8 points, computed once by PETSc.
  static std::array<GaussRule, 9> rules;
  if (points < 1 || points > 8) throw SolverError("stiffnessRow: 1 to 8 Gauss points supported");
  GaussRule &r = rules[points];
  if (r.t.empty()) {
    r.t.resize(points);
    r.w.resize(points);
    TRIBO_PETSC_CALL(PetscDTGaussQuadrature(points, -1.0, 1.0, r.t.data(), r.w.data()));
  }
  return r;
}

} // namespace

StiffnessRow stiffnessRow(const BinaryHierarchy &grid, const ElasticConstants &elastic, const NodeRef &center,
                          int gauss_points) {
  const NodeInterpolant phi(grid, center);
  const ControlVolume cv = grid.controlVolume(center);
  const double G = elastic.shear_modulus, lam = elastic.lambda(), lam2G = lam + 2.0 * G;
  const GaussRule &rule = gaussRule(gauss_points);

  StiffnessRow out;
  out.center = center;
  out.count = phi.nodeCount();
  for (int a = 0; a < out.count; ++a)
    out.nodes[a] = phi.node(a);
  // f^S accumulated as d f^S / d(u_a, w_a); f_ext = -f^S at the end.
  std::array<std::array<double, 4>, 9> fS{};
  std::array<double, 9> N{}, Nx{}, Nz{};

  // One straight face: x = const (vertical) or z = const (horizontal), outward normal (nx, nz).
  auto face = [&](bool vertical, double fixed, double from, double to, double nx, double nz) {
    const double half = 0.5 * (to - from), mid = 0.5 * (to + from);
    for (std::size_t q = 0; q < rule.t.size(); ++q) {
      const double s = mid + half * rule.t[q], wq = half * rule.w[q];
      if (vertical)
        phi.evaluate(fixed, s, N.data(), Nx.data(), Nz.data());
      else
        phi.evaluate(s, fixed, N.data(), Nx.data(), Nz.data());
      for (int a = 0; a < out.count; ++a) {
        // sigma_x = (lam+2G) u_x + lam w_z, sigma_z = lam u_x + (lam+2G) w_z, tau = G (u_z + w_x) (Eq. 3);
        // f^S_x = int (sigma_x nx + tau nz), f^S_z = int (tau nx + sigma_z nz) (Eqs. 4-7).
        fS[a][0] += wq * (lam2G * Nx[a] * nx + G * Nz[a] * nz);
        fS[a][1] += wq * (lam * Nz[a] * nx + G * Nx[a] * nz);
        fS[a][2] += wq * (G * Nz[a] * nx + lam * Nx[a] * nz);
        fS[a][3] += wq * (G * Nx[a] * nx + lam2G * Nz[a] * nz);
      }
    }
  };
  if (!cv.on_right) face(true, cv.x_right, cv.z_top, cv.z_bottom, 1.0, 0.0);
  if (!cv.on_left) face(true, cv.x_left, cv.z_top, cv.z_bottom, -1.0, 0.0);
  if (!cv.on_bottom) face(false, cv.z_bottom, cv.x_left, cv.x_right, 0.0, 1.0);
  if (!cv.on_top) face(false, cv.z_top, cv.x_left, cv.x_right, 0.0, -1.0);

  for (int a = 0; a < out.count; ++a)
    for (int c = 0; c < 4; ++c)
      out.blocks[a][c] = -fS[a][c];
  return out;
}

} // namespace tribo
