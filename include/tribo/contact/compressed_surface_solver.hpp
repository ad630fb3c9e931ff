// The path for the resolutions where the condensed path's dense operators do not fit (issue 20, goals
// 2 and 3): the slab's surface compliance in HODLR form, solves with its contact block.
#pragma once

#include "tribo/contact/linear_update_solver.hpp"
#include "tribo/hmatrix/principal_solver.hpp"
#include "tribo/slab/slab_system.hpp"
#include "tribo/slab/surface_compliance.hpp"

#include <cstddef>
#include <deque>
#include <memory>
#include <vector>

namespace tribo {

/// The surface compliance C of the whole top (2 n_x dofs, u and w of each node in turn; every other top
/// dof free of traction, the bottom on its support) compressed once from slab solves
/// (compressSurfaceCompliance, docs/model.md §16.2), O(n_x log n_x) storage. For a contact set, H the held
/// dofs and F the free ones (f_F = 0), a prescription d_H gives
///     f_H = C_HH^{-1} d_H,   d = C f   (so d_F = C_FH f_H),
/// the contact block C_HH solved by PrincipalSolver (a factored base set plus a capacitance for the dofs
/// changed since; docs/model.md §16.3). A unit response costs a solve with C_HH, O(n_x log^2 n_x), and
/// the product C_FH f_H (HodlrMatrix::multiplySparse: away from the contact's edges the tree's blocks
/// either write only held rows or read only free columns, and are skipped); node k's two responses (u
/// and w) are solved together and kept, and follow the contact-set changes by linearity as the state
/// does (a few passes over the surface instead of a solve). The contact strategy is
/// LinearUpdateSolver's. On more than one rank every rank holds the whole operator and does the same
/// work, on its own serial copy of the slab (the numbers are the same on any number of ranks).
class CompressedSurfaceSolver : public LinearUpdateSolver {
public:
  /// Dofs changed since the base set beyond which C_HH is factored anew.
  static constexpr std::size_t max_modifications = 64;
  /// Memory for the kept response pairs (at least one pair is kept) [bytes].
  static constexpr std::size_t pair_cache_bytes = std::size_t{1} << 30;
  /// Contact-set changes a kept pair can follow; one that missed more is solved again.
  static constexpr std::size_t followed_changes = 32;

  /// Compresses the compliance of `slab` (which must rest on its bottom) at `options`; a rank bound of 0
  /// takes 2 rows + 4 (the separator bound of docs/performance.md, "A compressed surface operator").
  CompressedSurfaceSolver(SlabSystem &slab, SurfaceComplianceOptions options);

  const std::vector<double> &surfaceX() const override { return x_; }
  const std::vector<double> &surfaceWidth() const override { return width_; }
  void setContactSet(const std::vector<char> &in_contact, const std::vector<char> &held_laterally) override;
  SurfaceState solve(const std::vector<double> &u, const std::vector<double> &w) override;
  void unitResponse(int k, Component c, SurfaceState &out) override;
  long long solveCount() const override { return solves_; }
  void saveState(const StateWriter &out) const override;
  void restoreState(const StateReader &in) override;

  /// Memory of the compressed compliance, the contact block's factors and the modifications [bytes].
  std::size_t bytes() const;
  /// Slab solves (both directions) that built C, and the wall time [s].
  long long compressionSolves() const { return compression_solves_; }
  double compressionSeconds() const { return compression_seconds_; }
  /// Wall time [s] in setContactSet (the contact block's modifications and factorisations), in solves
  /// with the contact block, and in products with C.
  double contactSetSeconds() const { return contact_set_seconds_; }
  double blockSolveSeconds() const { return block_solve_seconds_; }
  double productSeconds() const { return product_seconds_; }
  /// Factorisations of a contact block so far.
  int factorisations() const { return contact_block_->factorisations(); }
  /// Unit-response pairs solved, and contact-set changes that kept pairs followed instead of a solve.
  long long pairsSolved() const { return pairs_solved_; }
  long long setChangesFollowed() const { return set_changes_followed_; }

protected:
  void followedContactSetChange(EventType type, int k, const NodeResponses &r, bool lateral) override;

private:
  /// held_ (one flag per dof), free_ with it; a new version of the contact set.
  void setHeldDofs(std::vector<char> held);
  /// Responses to nrhs prescriptions of the held dofs (2 n_x each, read on H) into out[0 .. nrhs).
  void respond(int nrhs, const std::vector<double> &d, SurfaceState *out);

  std::unique_ptr<SlabSystem> serial_slab_; // on more than one rank: this rank's copy for the compression
  std::vector<double> x_, width_;
  std::int64_t nx_ = 0;
  HodlrMatrix compliance_;
  std::unique_ptr<PrincipalSolver> contact_block_;
  std::vector<char> held_, free_; // per dof
  // Node k's u and w responses, solved together and kept: for the second of the two calls of a slip or a
  // contact-set change, and for the nodes that slip again in an avalanche (the least recently used pair
  // makes room). A pair belongs to one version of the contact set; brought to a later one through the
  // set changes made by linearity since (`changes_`), else solved again.
  struct ResponsePair {
    int node = -1;
    long long version = 0, last_use = 0;
    NodeResponses r;
  };
  // A contact-set change made by linearity: node k joined or left the held set, making `version`, with
  // its responses r (docs/model.md §16.3, "Kept responses across contact-set changes").
  struct SetChange {
    long long version = 0;
    EventType type = EventType::contact;
    int node = -1;
    bool lateral = true;
    NodeResponses r;
  };
  /// Brings p to the current version through changes_; false where one of the changes is not kept.
  bool follow(ResponsePair &p);
  std::vector<ResponsePair> pairs_;
  std::deque<SetChange> changes_; // the last followed_changes, oldest first
  std::size_t pair_capacity_ = 1;
  long long pair_uses_ = 0, set_version_ = 0, pairs_solved_ = 0, set_changes_followed_ = 0;
  std::vector<double> prescription_, forces_, displacements_; // work
  long long solves_ = 0, compression_solves_ = 0;
  double compression_seconds_ = 0, contact_set_seconds_ = 0, block_solve_seconds_ = 0, product_seconds_ = 0;
};

} // namespace tribo
