// The slab's equilibrium equations (Eq. 11) as a distributed PETSc matrix, solved on a partition of
// prescribed displacements and prescribed forces.
#pragma once

#include "tribo/core/petsc_handles.hpp"
#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/elastic_constants.hpp"
#include "tribo/slab/slab_support.hpp"

#include <mpi.h>
#include <string>
#include <vector>

namespace tribo {

/// At each degree of freedom either the displacement or the external force is given (§2.1.4).
enum class DofKind : unsigned char { force, displacement };
/// The two displacement components of a node: u (x, rightward) and w (z, downward).
enum class Component : int { u = 0, w = 1 };
/// The blocks of Eq. 11: f_x = Ku u + Cuw w, f_z = Cwu u + Kw w.
enum class StiffnessBlock { Ku, Cuw, Cwu, Kw };

/// Solver defaults; every PETSc option (with `prefix`) overrides them through KSPSetFromOptions.
struct SlabSolverOptions {
  /// Options prefix, e.g. "slab_" for -slab_ksp_type; empty = the global -ksp_type, -pc_type, ...
  std::string prefix;
  /// Up to this many dofs: MUMPS LU (preonly); above: GMRES + hypre BoomerAMG.
  long long direct_max_dofs = 8'000'000;
  /// Relative residual tolerance of the iterative default.
  double rtol = 1e-10;
};

/// What one surface node is given, for all n_x surface nodes (identical on every rank).
struct SurfaceCondition {
  std::vector<DofKind> u_kind, w_kind;
  /// Displacement [m] where the kind is displacement, external force per unit depth [N/m] where force.
  std::vector<double> u_value, w_value;
  /// Every surface node stress free.
  static SurfaceCondition free(std::int64_t surface_nodes);
};

/// Surface displacements and external nodal forces (reactions where displacements are prescribed) of all
/// n_x surface nodes, ordered left to right. Forces are per unit depth [N/m]; f_z > 0 pushes down.
struct SurfaceState {
  std::vector<double> x, u, w, fx, fz;
  /// The width of each surface node's control volume (dx, dx/2 at the ends): traction = force / width.
  std::vector<double> width;
};

/// The whole slab after a solve, in the global node numbering (column by column, each column from the
/// surface down): displacements [m] and external nodal forces per unit depth [N/m] (reactions where
/// displacements are prescribed, ~0 at free interior nodes). Filled on rank 0 of the slab's
/// communicator only; empty on the other ranks.
struct SlabFields {
  std::vector<double> u, w, fx, fz;
};

/// K (2 dofs per node, u and w interleaved, nodes numbered by columns) assembled as MATMPIAIJ with block
/// size 2 and exact preallocation; each rank owns a vertical strip of columns. Conditions on the dofs
/// are changed with setCondition/setSurface; solve() solves for the unknown displacements and returns
/// all forces. When only prescribed values change, the factorisation (or preconditioner) is reused;
/// when the set of prescribed dofs changes, the operator is rebuilt and refactored numerically (the
/// nonzero pattern never changes).
class SlabSystem {
public:
  SlabSystem(MPI_Comm comm, const BinaryHierarchy &grid, const ElasticConstants &elastic,
             const SlabSupport &support, const SlabSolverOptions &options = {});
  SlabSystem(const SlabSystem &) = delete;
  SlabSystem &operator=(const SlabSystem &) = delete;

  MPI_Comm comm() const { return comm_; }
  const BinaryHierarchy &grid() const { return grid_; }
  const ElasticConstants &elastic() const { return elastic_; }
  /// How the slab is held and how it is solved, as constructed: with grid() and elastic(), what a copy
  /// on another communicator needs (the condensation's serial copies, CondensedSurfaceSolver).
  const SlabSupport &support() const { return support_; }
  const SlabSolverOptions &options() const { return options_; }
  /// Global node range [first, last) owned by this rank (a strip of whole columns).
  std::array<std::int64_t, 2> ownedNodes() const { return owned_nodes_; }
  PetscInt globalDof(const NodeRef &n, Component c) const {
    return static_cast<PetscInt>(2 * grid_.globalIndex(n) + static_cast<int>(c));
  }

  /// K of Eq. 11 itself (f = K d), assembled once.
  Mat stiffness() const { return K_; }
  /// One block of Eq. 11 as its own MATMPIAIJ (rows and columns are nodes, in the global numbering).
  OwnedMat extractBlock(StiffnessBlock which) const;

  /// Prescribes the displacement or the external force of one dof. Any rank may call it for any node;
  /// only the owner records it (so all ranks may call with the same arguments).
  void setCondition(const NodeRef &n, Component c, DofKind kind, double value);
  /// All surface dofs at once (collective-free; every rank passes the same condition).
  void setSurface(const SurfaceCondition &condition);

  /// Solves K d = f with d given on displacement dofs and f on force dofs. Collective. Throws SolverError
  /// if the Krylov solver diverges.
  void solve();
  /// Many right-hand sides at once on the current partition: column j of `values` (MATDENSE, K's row
  /// layout) holds the prescribed displacements on the displacement dofs and the external forces on the
  /// force dofs (the values set with setCondition are not used); returns the displacements, same
  /// layout. One factorisation, one blocked solve (KSPMatSolve; MUMPS solves all columns together).
  /// Collective. Leaves displacement()/force() alone.
  OwnedMat solvePrescribed(Mat values);
  /// X = A^{-T} B for the current partition's operator A (K with the prescribed dofs' rows and columns
  /// replaced by a multiple of the identity), B and X MATDENSE in K's row layout. For B zero on the
  /// prescribed dofs this is the adjoint of solvePrescribed's solve with zero prescribed displacements.
  /// Needs the direct solver (PCLU, MUMPS); a SolverError otherwise. Collective.
  OwnedMat solveTransposed(Mat rhs);
  /// The full displacement and external force vectors of the last solve (force = K d, incl. reactions).
  Vec displacement() const { return d_; }
  Vec force() const { return f_; }
  /// Surface values of the last solve, gathered to every rank. Collective.
  SurfaceState surface() const;
  /// Every node's u, w, f_x, f_z of the last solve, gathered to rank 0 of comm() (VecScatterCreateToZero).
  /// Collective; O(nodes) memory on rank 0 for the duration of the call.
  SlabFields gatherFields() const;
  /// The whole slab for the surface condition `s` (the support as it is), gathered to rank 0 as
  /// gatherFields does, for field output: one solve, after which the conditions, the last solution (an
  /// iterative KSP's next initial guess) and so every later solve are as they were. Collective.
  SlabFields solveFields(const SurfaceCondition &s);

  /// The scale of the prescribed dofs' identity rows in the operator: the power of two just above
  /// max |K_ii|, the same on any number of ranks.
  double identityScale() const { return diag_; }
  KSP ksp() const { return ksp_; }
  /// Operator (re)builds so far: one per change of the set of prescribed dofs.
  int operatorBuilds() const { return operator_builds_; }
  PetscInt lastIterations() const { return last_iterations_; }

private:
  void assemble();
  void applySupport(const SlabSupport &support);
  void buildOperator();
  /// Rebuilds the operator if the partition changed on any rank (collective); whether it did.
  bool prepareOperator();
  PetscInt localDof(const NodeRef &n, Component c) const { return globalDof(n, c) - 2 * owned_nodes_[0]; }

  MPI_Comm comm_;
  BinaryHierarchy grid_;
  ElasticConstants elastic_;
  SlabSupport support_;
  SlabSolverOptions options_;
  std::array<std::int64_t, 2> owned_nodes_{};
  std::array<std::int64_t, 2> owned_columns_{};

  OwnedMat K_, A_; // K; A = K with the prescribed rows and columns replaced by diag * identity
  OwnedVec d_, f_, rhs_, work_;
  OwnedKSP ksp_;
  OwnedScatter surface_scatter_;
  OwnedVec surface_local_;

  std::vector<DofKind> kind_; // per owned dof
  std::vector<double> value_; // per owned dof
  bool partition_changed_ = true;
  double diag_ = 1.0; // scale of the identity rows: the power of two just above max |K_ii|
  int operator_builds_ = 0;
  PetscInt last_iterations_ = 0;
};

} // namespace tribo
