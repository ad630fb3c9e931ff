// The condensation of the slab onto its zone (docs/model.md §16, "Condensed in the partition"): 2m unit
// solves of the slab, shared out over the ranks as blocks of right-hand sides, each rank solving on its
// own serial copy of the slab; the columns then go to the ranks that hold their rows.
#include "tribo/contact/condensed_surface_solver.hpp"
#include "tribo/core/error.hpp"
#include "tribo/core/log_stage.hpp"
#include "tribo/core/process_clock.hpp"

#include <algorithm>
#include <limits>
#include <petsctime.h>

namespace tribo {

namespace {

/// Columns per block of right-hand sides: as many as keep each of the blocked solve's four dense
/// matrices (values, right-hand side, d, K d) near 16M doubles, in a number of blocks that is a multiple
/// of 12, so that 1, 2, 3, 4 or 6 ranks get the same number of blocks.
std::size_t blockCount(std::size_t columns, std::size_t slab_rows) {
  constexpr std::size_t shares = 12;
  const std::size_t most = std::clamp<std::size_t>((std::size_t{16} << 20) / slab_rows, 1, columns);
  const std::size_t blocks = (columns + most - 1) / most;
  return std::min(columns, (blocks + shares - 1) / shares * shares);
}

} // namespace

// The tableau of the partition held_, directly: column j is the surface response to a unit input at
// zone dof j (a displacement if held, an external force if free), every other input zero and the surface
// outside the zone free of traction; its zone rows are the outputs (force if held, displacement if
// free), then the outside displacements. This is [S_Z; T_OZ] after a principal pivot on every free zone
// dof, without the O(n_x m) pass per pivot.
//
// The partition is the same for all 2m columns, so a slab factors its operator once and solves the
// columns in blocks (MUMPS with many right-hand sides). The blocks are fixed by the zone and the slab
// alone and dealt out in contiguous runs (B/P blocks each), each rank solving its blocks on a serial
// slab (the case's slab on one rank, a copy on PETSC_COMM_SELF on more): every column comes from the
// same serial factorisation and the same block of right-hand sides on any number of ranks, so the
// condensed tableau is the same to the last bit on 1 or P ranks. The ranks solve without waiting for
// each other; at the end one MPI_Alltoallv sends every rank the rows it holds of the others' columns
// (a send buffer of this rank's columns' other rows: (P - 1)/P of its share of the tableau).
void CondensedSurfaceSolver::condense() {
  LogStageScope stage(logStage("Condensation"));
  PetscLogDouble t0 = 0, t1 = 0;
  TRIBO_PETSC_CALL(PetscTime(&t0));
  const double cpu0 = processCpuSeconds();
  SlabSystem &slab = serial_slab_ ? *serial_slab_ : slab_;
  base_.assign(local_rows_ * dz_, 0.0);
  SurfaceCondition condition = SurfaceCondition::free(nx_);
  for (std::int64_t i = 0; i < zone_nodes_; ++i) {
    const std::int64_t k = zone_first_ + i;
    condition.u_kind[k] = held_[2 * i] ? DofKind::displacement : DofKind::force;
    condition.w_kind[k] = held_[2 * i + 1] ? DofKind::displacement : DofKind::force;
  }
  slab.setSurface(condition);

  const auto slab_rows = static_cast<PetscInt>(2 * slab.grid().nodeCount());
  std::vector<PetscInt> surface_row(2 * nx_); // the slab's row of each surface dof
  for (std::int64_t k = 0; k < nx_; ++k)
    for (int c = 0; c < 2; ++c)
      surface_row[2 * k + c] = slab.globalDof({0, k}, static_cast<Component>(c));
  // This rank's blocks [B r / P, B (r + 1) / P) of the B blocks, i.e. its columns [col(r), col(r + 1)).
  const std::size_t blocks = blockCount(dz_, static_cast<std::size_t>(slab_rows));
  const auto P = static_cast<std::size_t>(ranks_), me = static_cast<std::size_t>(rank_);
  auto blockBegin = [&](std::size_t b) { return dz_ * b / blocks; };
  auto firstColumn = [&](std::size_t r) { return blockBegin(blocks * r / P); };
  const std::size_t mine = firstColumn(me + 1) - firstColumn(me);
  // Every column of this rank's, its rows held by rank q at send[displs[q] + c * rows(q) ...]; its own
  // rows straight into base_. Counts in doubles, as int (MPI): the largest is 2m x 2n_x on one rank
  // (on one rank nothing is sent).
  if (ranks_ > 1 && rows_ * dz_ > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw SolverError("condensed surface: the tableau has more than 2^31 entries per exchange");
  std::vector<int> send_counts(ranks_, 0), send_displs(ranks_, 0), recv_counts(ranks_, 0),
      recv_displs(ranks_, 0);
  for (int q = 0, at = 0; q < ranks_; ++q) {
    send_displs[q] = at;
    if (q != rank_) send_counts[q] = static_cast<int>(mine) * row_counts_[q];
    at += send_counts[q];
    const auto from = static_cast<std::size_t>(q);
    recv_displs[q] = static_cast<int>(firstColumn(from) * local_rows_);
    if (q != rank_)
      recv_counts[q] = static_cast<int>((firstColumn(from + 1) - firstColumn(from)) * local_rows_);
  }
  std::vector<double> send(mine * (rows_ - local_rows_)), gathered;
  // The forces are needed at the surface only: K's surface rows times d, each row summed as in K d (the
  // same bits), a third of K d's rows and of its fresh pages (docs/performance.md, "What the box gives
  // two ranks in memory").
  OwnedMat surface_stiffness;
  {
    OwnedIS rows, all_columns;
    const MPI_Comm slab_comm = PetscObjectComm(reinterpret_cast<PetscObject>(slab.stiffness()));
    TRIBO_PETSC_CALL(ISCreateGeneral(slab_comm, static_cast<PetscInt>(surface_row.size()), surface_row.data(),
                                     PETSC_COPY_VALUES, rows.out()));
    TRIBO_PETSC_CALL(ISCreateStride(slab_comm, slab_rows, 0, 1, all_columns.out()));
    TRIBO_PETSC_CALL(
        MatCreateSubMatrix(slab.stiffness(), rows, all_columns, MAT_INITIAL_MATRIX, surface_stiffness.out()));
  }
  for (std::size_t b = blocks * me / P; b < blocks * (me + 1) / P; ++b) {
    const std::size_t j0 = blockBegin(b), cols = blockBegin(b + 1) - j0;
    OwnedMat values;
    TRIBO_PETSC_CALL(MatCreateDense(PETSC_COMM_SELF, slab_rows, PETSC_DECIDE, slab_rows,
                                    static_cast<PetscInt>(cols), nullptr, values.out()));
    PetscInt lda = 0;
    PetscScalar *a = nullptr;
    TRIBO_PETSC_CALL(MatDenseGetLDA(values, &lda));
    TRIBO_PETSC_CALL(MatDenseGetArray(values, &a));
    for (std::size_t c = 0; c < cols; ++c) {
      std::fill(a + c * lda, a + c * lda + slab_rows, 0.0);
      a[c * lda + surface_row[2 * zone_first_ + j0 + c]] = 1.0;
    }
    TRIBO_PETSC_CALL(MatDenseRestoreArray(values, &a));
    TRIBO_PETSC_CALL(MatAssemblyBegin(values, MAT_FINAL_ASSEMBLY));
    TRIBO_PETSC_CALL(MatAssemblyEnd(values, MAT_FINAL_ASSEMBLY));
    OwnedMat d = slab.solvePrescribed(values), f;
    TRIBO_PETSC_CALL(MatMatMult(surface_stiffness, d, MAT_INITIAL_MATRIX, PETSC_DEFAULT, f.out()));
    gathered.assign(4 * nx_ * cols, 0.0); // per column: 2 n_x displacements, then 2 n_x forces
    const PetscScalar *dv = nullptr, *fv = nullptr;
    PetscInt lda_d = 0, lda_f = 0;
    TRIBO_PETSC_CALL(MatDenseGetLDA(d, &lda_d));
    TRIBO_PETSC_CALL(MatDenseGetLDA(f, &lda_f));
    TRIBO_PETSC_CALL(MatDenseGetArrayRead(d, &dv));
    TRIBO_PETSC_CALL(MatDenseGetArrayRead(f, &fv));
    for (std::size_t c = 0; c < cols; ++c)
      for (std::size_t i = 0; i < surface_row.size(); ++i) {
        gathered[c * 4 * nx_ + i] = dv[c * lda_d + surface_row[i]];
        gathered[c * 4 * nx_ + 2 * nx_ + i] = fv[c * lda_f + i];
      }
    TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(d, &dv));
    TRIBO_PETSC_CALL(MatDenseRestoreArrayRead(f, &fv));
    // Row i of a column, surface dof i: the force (held) or displacement (free) of a zone dof, else a
    // displacement of an outside dof.
    for (std::size_t c = 0; c < cols; ++c) {
      const double *col = &gathered[c * 4 * nx_];
      const std::size_t n = j0 + c - firstColumn(me); // among this rank's columns
      for (int q = 0; q < ranks_; ++q) {
        double *to = q == rank_ ? &base_[(j0 + c) * local_rows_]
                                : &send[static_cast<std::size_t>(send_displs[q]) +
                                        n * static_cast<std::size_t>(row_counts_[q])];
        for (auto i = static_cast<std::size_t>(row_begins_[q]);
             i < static_cast<std::size_t>(row_begins_[q + 1]); ++i)
          *to++ = i >= row(0) && i < row(dz_) && held_[i - row(0)] ? col[2 * nx_ + i] : col[i];
      }
    }
  }
  // The other ranks' columns, their rows held here: column-major, as base_ holds them.
  TRIBO_MPI_CALL(MPI_Alltoallv(send.data(), send_counts.data(), send_displs.data(), MPI_DOUBLE, base_.data(),
                               recv_counts.data(), recv_displs.data(), MPI_DOUBLE, comm_));
  std::vector<double>().swap(send); // before refresh() copies the tableau
  base_held_ = held_;
  condensation_solves_ += static_cast<long long>(dz_);
  ++condensations_;
  refresh();
  TRIBO_PETSC_CALL(PetscTime(&t1));
  condensation_seconds_ += t1 - t0;
  condensation_cpu_seconds_ += processCpuSeconds() - cpu0;
}

} // namespace tribo
