// The fast path of the contact iterations: the slab condensed onto the surface dofs of a zone of top
// nodes that can touch the pin, so that every provisional equilibrium is dense linear algebra on the zone.
#pragma once

#include "tribo/contact/linear_update_solver.hpp"
#include "tribo/contact/state_share.hpp"
#include "tribo/contact/tableau_storage.hpp"
#include "tribo/slab/slab_system.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <petscblaslapack.h>
#include <vector>

namespace tribo {

/// Static condensation of the slab (docs/model.md, "Condensed surface solver"). For a zone Z of top
/// nodes [zoneFirst, zoneFirst + zoneNodes), with the rest of the surface free of traction and the
/// bottom on its platen, the surface response is exactly linear in the zone displacements d_Z:
///   f_Z = S_Z d_Z,  d_O = T_OZ d_Z  (O: the surface dofs outside the zone, f_O = 0).
/// For a contact set, the held zone dofs C take a displacement and give a force, the free ones F the
/// other way round; the tableau that maps (d_C, f_F) to (f_C, d_F, d_O) is [S_Z; T_OZ] after a principal
/// pivot on every free zone dof (its rows the surface dofs in node order, the zone's among the others), i.e.
///   d_F = -S_FF^{-1} S_FC d_C,  f_C = (S_CC - S_CF S_FF^{-1} S_FC) d_C.
/// It is computed directly for the first contact set (and again when the zone grows) from 2m unit solves
/// of the slab in that partition, shared out over the ranks of the slab's communicator in blocks of
/// columns, each rank solving its blocks on its own serial copy of the slab (src/contact/condensation.cpp);
/// the columns then go to the ranks that hold their rows. Its rows are shared out over those ranks (each
/// rank computes a contiguous block of the 2 n_x rows of every column, and holds those nodes' state in
/// the slips: StateShare), kept by a TableauStorage: on one
/// node in one shared array that every rank reads in place, else a private block per rank, a solve then
/// gathering the 2 n_x outputs.
/// A node joining or leaving the contact is a principal pivot on its dofs (O(n_x m)); the pivots are
/// deferred (eliminated in each solve through their small block) and applied 64 dofs at a time as one
/// BLAS-3 block pivot. A solve is one column of 2 n_x per nonzero prescribed value (plus one per pending
/// pivot), so a unit response (a slip) costs O(n_x) whatever the depth of the slab. The whole surface is
/// reported, outside nodes included, so the contact sees exact gaps everywhere; a contact set that holds a
/// node outside the zone triggers a new condensation on a zone grown around it.
class CondensedSurfaceSolver : public LinearUpdateSolver {
public:
  /// `slab` rests on its bottom (as for SlabSurfaceSolver). The first zone covers the top nodes with x in
  /// [x_first, x_last] [m] plus `margin_nodes` on each side; it is condensed at the first setContactSet,
  /// which must come before the first solve. On more than one rank each rank condenses on a serial copy
  /// of `slab` (same grid, support and solver options, on PETSC_COMM_SELF), made here. `placement`: where
  /// the tableau's rows live (TableauStorage::make).
  CondensedSurfaceSolver(SlabSystem &slab, double x_first, double x_last, int margin_nodes,
                         TableauPlacement placement = TableauPlacement::automatic);

  const std::vector<double> &surfaceX() const override { return x_; }
  const std::vector<double> &surfaceWidth() const override { return width_; }
  void setContactSet(const std::vector<char> &in_contact, const std::vector<char> &held_laterally) override;
  SurfaceState solve(const std::vector<double> &u, const std::vector<double> &w) override;
  void unitResponse(int k, Component c, SurfaceState &out) override;
  long long solveCount() const override { return solves_; }
  void saveState(const StateWriter &out) const override;
  void restoreState(const StateReader &in) override;

  /// The slip, fused over the tableau's columns (src/contact/condensed_updates.cpp); the rest of the
  /// strategy is LinearUpdateSolver's.
  void slip(ProvisionalEquilibrium &e, int k) override;
  /// On more than one rank the slips' pass and the search are shared out (state_share.hpp).
  const StateShare *stateShare() const override { return share_.get(); }

  std::int64_t zoneFirst() const { return zone_first_; }
  /// Where the tableau's rows live (TableauStorage::name).
  const char *tableauStorage() const { return tableau_->name(); }
  std::int64_t zoneNodes() const { return zone_nodes_; }
  /// Memory of the dense operators ([S_Z; T_OZ] and the tableau, this rank's rows) [bytes], on this rank.
  /// Where the tableau is shared on a node, its rows count on the rank that computes them.
  std::size_t bytes() const;
  /// What a zone of `zone_nodes` top nodes on a surface of `surface_nodes` costs [bytes], summed over
  /// the ranks (the rows are distributed; the gathered outputs are held on each of the `ranks`).
  static std::size_t bytesFor(std::int64_t surface_nodes, std::int64_t zone_nodes, int ranks);
  /// Condensations so far (1 + the zone growths) and the slab solves they took.
  int condensations() const { return condensations_; }
  long long condensationSolves() const { return condensation_solves_; }
  /// Wall time spent condensing, in solve() and in setContactSet() (the pivots) [s].
  double condensationSeconds() const { return condensation_seconds_; }
  /// CPU time of this process spent condensing [s] (on a loaded machine, closer to the work than wall time).
  double condensationCpuSeconds() const { return condensation_cpu_seconds_; }
  double solveSeconds() const { return solve_seconds_; }
  double contactSetSeconds() const { return contact_set_seconds_; }

  /// Zone dofs pivoted so far (each a node's dof joining or leaving the contact), and those pending.
  long long pivots() const { return pivots_; }
  std::size_t pendingPivots() const { return pending_.size(); }
  /// Pivots (at least; the zone's 2m dofs if more) after which the tableau starts again from the
  /// condensed one, or is condensed again when the contact set has drifted from it by more than half as
  /// many dofs: bounds the round-off the pivots accumulate.
  static constexpr std::size_t refresh_pivots = 2000;

  /// Pending pivots beyond which they are applied at once (one block pivot; docs/model.md §16).
  static constexpr std::size_t max_pending_dofs = 64;
  /// The block pivot's GEMMs run over blocks of this many tableau rows, and the ranks' rows are split on
  /// block boundaries (a rank may hold none): every GEMM then has the same shape and the same rows on any
  /// number of ranks, so the tableau is bitwise the same. OpenBLAS chooses a kernel by the product's
  /// shape (a "small matrix" kernel below M N K = 10^6 on AVX-512) and computes the rows past the last
  /// whole tile apart: on a Xeon (SkylakeX kernels) one and two ranks' tableaux differed in their last
  /// bits with one GEMM per rank, and four ranks' still did with the split at multiples of 384 rows.
  /// Each GEMM packs the k pivot rows anew, a traffic of k/512 of the update's (blocks of 128 rows made
  /// the pivots 1.4x slower at n_x = 4097); 512 rows still share n_x = 4097 out to 16 ranks.
  static constexpr std::size_t pivot_block_rows = 512;

private:
  void setZone(std::int64_t first, std::int64_t last);
  /// held_mask_ from held_.
  void maskHeld();
  /// The condensation (src/contact/condensation.cpp).
  void condense();
  /// Rows `dofs` (sorted zone rows) of the tableau on every rank, column-major k x 2m; the rows of the
  /// dofs in `known` (sorted) are taken from `known_rows` (column-major, the tableau unchanged since),
  /// the others gathered from their owners in one collective.
  void gatherRows(const std::vector<std::size_t> &dofs, const std::vector<std::size_t> &known,
                  const std::vector<double> &known_rows, std::vector<double> &rows) const;
  /// LU factors of a block of pivot dofs, scaled (see factorPivotBlock).
  struct PivotBlock {
    std::vector<double> lu, scale;
    std::vector<PetscBLASInt> perm;
  };
  void factorPivotBlock(const std::vector<std::size_t> &dofs, const std::vector<double> &rows,
                        PivotBlock &block) const;
  void flushPending();
  void refresh();
  /// A nonzero input of the current partition: zone dof j held, displaced by `value`.
  struct Input {
    std::size_t j;
    double value;
  };
  /// The solve for the inputs (sorted by j), into out's u, w, fx, fz.
  void solveInputs(const std::vector<Input> &inputs, SurfaceState &out);
  /// The same solve's outputs in the tableau's row order (the current partition's: force where held,
  /// displacement where free; then the outside displacements): output `slot` (0 or 1) of the storage, or
  /// a column in place. Valid until the next solve that uses the same slot.
  const double *respond(const std::vector<Input> &inputs, int slot);
  /// Node k's unit responses for u and w in the tableau's row order (unitResponse, unmapped): every row,
  /// gathered in one collective where they are gathered at all, or (own_rows_only, where the ranks share
  /// the state out and pivots are pending) this rank's rows alone, without a collective. Valid until the
  /// next solve.
  struct UnitColumns {
    const double *ru, *rw;
    bool own_rows_only;
  };
  UnitColumns unitColumns(int k);
  /// The nonzero input of node k's unit response for component c (none if that dof is free).
  void unitInputs(int k, Component c, std::vector<Input> &inputs) const;
  /// A solve's first part: the pending dofs' inputs into `xp`, this rank's rows of the outputs into `y`
  /// (local_rows_ of them). (A unit column with no pivot pending is read in place by respond where the
  /// storage holds every row.)
  void localResponse(const std::vector<Input> &inputs, std::vector<double> &xp, double *y);
  /// The same for `count` (1 or 2) solves at once, in one pass over their columns (a slip's two).
  struct LocalSolve {
    const std::vector<Input> *inputs;
    std::vector<double> *xp;
    double *y;
  };
  void localResponses(const LocalSolve *solves, std::size_t count);
  /// This rank's rows of a 2 n_x x 2m column-major block, all of them in row order on rank 0 (collective),
  /// and back.
  std::vector<double> gatherBlock(std::vector<double> local) const;
  std::vector<double> localRows(const std::vector<double> &global) const;
  /// The tableau's row of zone dof j (the rows are the surface dofs in node order: node n's u, w in rows
  /// 2n, 2n + 1), and where a checkpoint keeps row r (its first format's order: gatherBlock).
  std::size_t row(std::size_t j) const { return static_cast<std::size_t>(2 * zone_first_) + j; }
  std::size_t checkpointRow(std::size_t r) const;

  SlabSystem &slab_;
  MPI_Comm comm_;                           // the slab's: the tableau's rows are distributed over it
  std::unique_ptr<SlabSystem> serial_slab_; // on more than one rank: this rank's copy for the condensation
  std::vector<double> x_, width_;
  int margin_ = 0;
  std::int64_t nx_ = 0, zone_first_ = 0, zone_nodes_ = 0;
  std::size_t dz_ = 0, rows_ = 0; // zone dofs 2m, rows 2 n_x
  // Rows [row_begin_, row_begin_ + local_rows_) of the 2 n_x are held here; row_begins_ lists every
  // rank's first row (and rows_ at the end), for the gathers.
  int rank_ = 0, ranks_ = 1;
  std::size_t row_begin_ = 0, local_rows_ = 0;
  std::vector<int> row_begins_, row_counts_;
  std::vector<double> base_;    // this rank's rows of the condensed tableau, column-major, per zone dof
  std::vector<char> base_held_; // per zone dof: held in the partition base_ was condensed in
  TableauPlacement placement_ = TableauPlacement::automatic;
  std::unique_ptr<TableauStorage> tableau_; // the same after the pivots of the current contact set
  std::unique_ptr<StateShare> share_;       // on more than one rank
  std::vector<char> tableau_held_;          // per zone dof: held in the tableau's partition
  std::vector<char> in_contact_, held_laterally_;
  std::vector<char> held_;               // per zone dof, as asked by setContactSet
  std::vector<std::uint64_t> held_mask_; // the same as bit masks (all ones if held), for the slip kernel
  std::vector<double> work_;             // work
  // Deferred pivots: the zone dofs whose role differs from tableau_held_ (sorted), their rows of the
  // tableau (column-major k x 2m), the LU factors of their k x k block, and the columns they have added
  // to the solves since they were first deferred.
  std::vector<std::size_t> pending_;
  std::vector<double> pending_rows_, pending_in_;
  std::vector<double> pending_rows_next_;   // work of setContactSet: the next pending_rows_
  std::vector<Input> inputs_, inputs_w_;    // work
  std::array<std::vector<Input>, 2> terms_; // work of localResponses: each solve's nonzero column terms
  std::vector<double> pending_in_w_;        // work of unitColumns
  std::vector<double> contact_chunks_;      // work of slip: the contact forces by chunks
  PivotBlock pending_block_;
  double pending_work_ = 0;
  long long solves_ = 0, condensation_solves_ = 0, pivots_ = 0;
  std::size_t pivots_since_refresh_ = 0;
  int condensations_ = 0;
  double condensation_seconds_ = 0, condensation_cpu_seconds_ = 0, solve_seconds_ = 0,
         contact_set_seconds_ = 0;
};

} // namespace tribo
