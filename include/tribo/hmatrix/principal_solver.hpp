// Solves with the principal submatrix A_HH of a HODLR matrix A for an index set H that changes a few
// dofs at a time (issue 20, goals 2 and 3; docs/model.md §16.3): a factored base block A_BB plus a
// capacitance system for the dofs added to and removed from B since, refactored when they grow many.
#pragma once

#include "tribo/hmatrix/hodlr.hpp"
#include "tribo/hmatrix/hodlr_solver.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <petscsys.h>
#include <vector>

namespace tribo {

/// With the base set B factored (HodlrFactorisation of A.principal(B)) and the current set
/// H = B - R + J, a solve A_HH x_H = b_H is
///     x_B = g + sum_m sigma_m y_m s_m,   g = A_BB^{-1} b~ (b~: b on B - R, zero on R),
///     x_J = s_J,  x_R = 0,
/// with one modification m per dof of J (sigma = -1, y = A_BB^{-1} A_Bj) and of R (sigma = +1,
/// y = A_BB^{-1} e_r, s_r the displacement at r), and s from the k x k capacitance system
///     add j:    sum_m' (sigma_m' A_jB y_m' + [m' adds j'] A_jj') s_m' = b_j - A_jB g,
///     remove r: sum_m' sigma_m' (y_m')_r s_m' = -g_r.
/// A modification costs one solve with A_BB and a row and a column of A; a solve one with A_BB, k
/// vectors of |B| and the k x k LU. Deterministic: the same sequence of sets gives the same numbers.
class PrincipalSolver {
public:
  /// `a` must outlive the solver. Beyond `max_modifications` dofs changed since the base, the current
  /// set becomes the new base (one factorisation).
  PrincipalSolver(const HodlrMatrix &a, std::size_t max_modifications);

  /// H: the dofs with held[i] != 0 (one flag per dof of A, at least one set).
  void setHeld(const std::vector<char> &held);
  const std::vector<char> &held() const { return held_; }
  /// X_H = A_HH^{-1} B_H for nrhs columns of n = A.size() rows (ld n): b read on H, x written on
  /// every row (zero off H). x and b may not overlap.
  void solve(int nrhs, const double *b, double *x) const;

  std::size_t modifications() const { return mods_.size(); }
  /// The base set's dofs (sorted), for a checkpoint; restoreBase factors exactly that base again.
  const std::vector<char> &base() const { return base_held_; }
  /// The modifications' dofs in the order they were made (a checkpoint replays them in that order).
  std::vector<std::int64_t> modificationOrder() const;
  /// Puts the solver in the state of base + the modifications in `order`, then at `held` (bit for bit
  /// the state it was saved in).
  void restore(const std::vector<char> &base, const std::vector<std::int64_t> &order,
               const std::vector<char> &held);
  int factorisations() const { return factorisations_; }
  /// Bytes of the base block, its factors and the modifications' vectors.
  std::size_t bytes() const;

private:
  struct Modification {
    std::int64_t dof = 0;
    bool add = false;          // j joins H (else r leaves it)
    std::vector<double> y;     // A_BB^{-1} A_Bj, or A_BB^{-1} e_r (|B|)
    std::vector<double> z;     // add: A_jB (|B|)
    std::vector<double> a_row; // add: row j of A (n), for A_jj' of later additions
  };
  void factorBase(const std::vector<char> &base);
  void addModification(std::int64_t dof);
  void removeModification(std::size_t m);
  /// The capacitance's entry (row m, column m') from the two modifications.
  double capacitance(const Modification &row, const Modification &column) const;
  /// The LU of the capacitance, after it changed.
  void factorCapacitance();

  const HodlrMatrix &a_;
  std::size_t max_mods_;
  std::int64_t n_ = 0;
  std::vector<char> held_, base_held_;
  std::vector<std::int64_t> base_dofs_, base_index_; // base position of each dof (-1 off B)
  std::unique_ptr<HodlrMatrix> base_block_;
  std::unique_ptr<HodlrFactorisation> base_factors_;
  std::vector<Modification> mods_;
  std::vector<double> capacitance_, capacitance_lu_; // k x k, column major, and its LU (equilibrated)
  std::vector<double> capacitance_scale_;            // the equilibration D
  std::vector<PetscBLASInt> capacitance_pivots_;
  int factorisations_ = 0;
};

} // namespace tribo
