// The rigid flat punch of paper Fig. 5 against Johnson's p0 / sqrt(1 - (x/a)^2), and its convergence.
#include "tribo/core/error.hpp"
#include "tribo/slab/flat_punch.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace tribo;

TEST(FlatPunch, Figure5) {
  // n_x = 129 (N = 7), L_z/L_x = 1, a = L_x/8: 33 contact nodes, a/dx = 16. Measured: RMS relative error
  // 4.9% over |x| <= 0.9 a with p0 from the total force. Two things keep it from zero: the edge
  // singularity is resolved by only 16 spacings (the error falls under refinement, test below), and the
  // slab is finite (sides 4a, bottom 8a from the punch): a half-space shape is approached only as a/L -> 0
  // (at a = L_x/4 the centre pressure rises ~9% above Johnson's). Tolerance 6%.
  FlatPunchProblem pb;
  pb.slab.levels = 7;
  pb.half_width = pb.slab.length_x / 8;
  const FlatPunchResult r = solveFlatPunch(PETSC_COMM_WORLD, pb);
  EXPECT_EQ(r.contact_nodes, 33);
  EXPECT_EQ(r.compared_nodes, 29); // |x - c| <= 0.9 a = 14.4 dx
  EXPECT_LT(r.rms_error, 0.06);
  EXPECT_LT(r.shape_rms_error, 0.06);
  EXPECT_GT(r.total_force, 0.0);
  const std::size_t nx = r.p.size(), mid = nx / 2;
  double pmax = 0;
  for (double p : r.p)
    pmax = std::max(pmax, std::abs(p));
  for (std::size_t k = 0; k < nx; ++k) {
    const bool contact = std::abs(r.surface.x[k] - pb.center) <= pb.half_width * (1 + 1e-12);
    // Frictionless contact and free surface: prescribed forces come back to solver precision.
    EXPECT_NEAR(r.tau[k], 0.0, 1e-9 * pmax);
    if (!contact) {
      EXPECT_NEAR(r.p[k], 0.0, 1e-9 * pmax);
      EXPECT_LT(r.surface.w[k], pb.indentation); // the free surface lies above the punch face
    } else {
      EXPECT_DOUBLE_EQ(r.surface.w[k], pb.indentation);
      EXPECT_GT(r.p[k], 0.0); // compressive everywhere under a flat punch
    }
    // Symmetric about the axis.
    EXPECT_NEAR(r.p[k], r.p[nx - 1 - k], 1e-9 * pmax);
  }
  // Edge concentration: the pressure grows from the centre to the edge, as 1/sqrt(1 - (x/a)^2) does.
  for (std::size_t k = mid; k < mid + 16; ++k)
    EXPECT_LT(r.p[k], r.p[k + 1]) << k;
  EXPECT_NEAR(r.p[mid] / r.p0, 1.0, 0.05);
}

TEST(FlatPunch, ConvergesToJohnsonUnderRefinement) {
  // a = L_x/32 so the finite slab's own departure from a half-space stays below ~0.1% (a = L_x/64 gives the
  // same errors at equal a/dx). Measured, N = 10..14 (a/dx = 32..512):
  //   total-force normalisation: 1.66%, 1.19%, 1.05%, 0.87%, 0.67% -- slow: p0 inherits the error of
  //     the edge force, which integrates the sqrt singularity (expected order 1/2; 0.32 seen at N 12-14);
  //   least-squares shape fit:   1.64%, 0.87%, 0.53%, 0.29%, 0.155% -- order 0.88 at N 12-14.
  std::vector<FlatPunchResult> r;
  for (int N = 10; N <= 14; ++N) {
    FlatPunchProblem pb;
    pb.slab.levels = N;
    pb.half_width = pb.slab.length_x / 32;
    r.push_back(solveFlatPunch(PETSC_COMM_WORLD, pb));
  }
  for (std::size_t i = 1; i < r.size(); ++i) {
    EXPECT_LT(r[i].rms_error, r[i - 1].rms_error) << "N=" << 10 + i;
    EXPECT_LT(r[i].shape_rms_error, r[i - 1].shape_rms_error) << "N=" << 10 + i;
  }
  const std::size_t last = r.size() - 1;
  const double order_total = std::log2(r[last - 2].rms_error / r[last].rms_error) / 2.0;
  const double order_shape = std::log2(r[last - 2].shape_rms_error / r[last].shape_rms_error) / 2.0;
  EXPECT_GT(order_total, 0.25);
  EXPECT_GT(order_shape, 0.7);
  EXPECT_LT(r[last].rms_error, 0.01);
  EXPECT_LT(r[last].shape_rms_error, 0.003);
}

TEST(FlatPunch, PunchOutsideTheSlabIsRejected) {
  FlatPunchProblem pb;
  pb.center = 0.1e-3;
  pb.half_width = 0.2e-3;
  EXPECT_THROW(solveFlatPunch(PETSC_COMM_WORLD, pb), InputError);
  pb.center = 0.5e-3;
  pb.half_width = 0.0;
  EXPECT_THROW(solveFlatPunch(PETSC_COMM_WORLD, pb), InputError);
}
