// The condensed path's slip, fused (docs/model.md §16; issue 20): the state moves by node k's
// two unit responses straight from the tableau's columns, in one branch-free pass that maps each output
// (force where held, displacement where free) by masks, with no column response formed in between.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tribo {

/// The four fields of a surface state, n_x each (SurfaceState's u, w, fx, fz).
struct SurfaceFields {
  double *u, *w, *fx, *fz;
};
struct ConstSurfaceFields {
  const double *u, *w, *fx, *fz;
};

/// Two unit responses in the tableau's row order (CondensedSurfaceSolver): the surface dofs, node n's u
/// and w in rows 2n and 2n + 1 (a zone node's output a force where held, a displacement where free; an
/// outside node's its displacements). held_mask has one entry per zone dof, all ones where the current
/// partition holds it (a force out) and zero where it is free (a displacement out). The slipping node k's own
/// held dofs carry the unit prescription (u of ru, w of rw), as in CondensedSurfaceSolver::unitResponse.
struct SlipColumns {
  const double *ru, *rw;          // 2 n_x rows each
  const std::uint64_t *held_mask; // 2m
  std::size_t nodes;              // n_x
  std::size_t zone_first;         // first zone node
  std::size_t zone_nodes;         // m
  std::size_t k;                  // the slipping node (in the zone)
  std::size_t first, end;         // the nodes whose state addSlip moves (StateShare), k's u, w always
  // k's rows (u, w) of ru and of rw, where they are not at ru + 2k, rw + 2k: the columns hold only this
  // rank's rows, k's having travelled from the rank that holds k (StateShare::gatherParts).
  const double *k_ru = nullptr, *k_rw = nullptr;
  const double *kRu() const { return k_ru ? k_ru : ru + 2 * k; }
  const double *kRw() const { return k_rw ? k_rw : rw + 2 * k; }
};

/// The contact force of each response, sum of fz over the held-w zone nodes in [first, end) (surface
/// nodes), in a fixed order whichever rank sums which part (src/contact/slip_kernel.cpp; round-off of a
/// few 1e-16 relative): in chunks of `contact_chunk` nodes (node i in chunk i / contact_chunk), each
/// chunk in eight partial sums folded pairwise, the chunks' sums then added in node order
/// (addContactChunks). The ranks share the chunks out (StateShare::parts).
inline constexpr std::size_t contact_chunk = 128;
/// The sums of chunks [chunk_first, chunk_end), fz of R_u then of R_w for each, into `sums` (2 per
/// chunk; the part of a chunk outside [first, end) adds nothing, a chunk wholly outside sums to +0).
void slipContactChunks(const SlipColumns &c, std::size_t first, std::size_t end, std::size_t chunk_first,
                       std::size_t chunk_end, double *sums);
/// The same, for one instruction set (as addSlipAvx2, addSlipBaseline below): bit for bit the same sums.
void slipContactChunksAvx2(const SlipColumns &c, std::size_t first, std::size_t end, std::size_t chunk_first,
                           std::size_t chunk_end, double *sums);
void slipContactChunksBaseline(const SlipColumns &c, std::size_t first, std::size_t end,
                               std::size_t chunk_first, std::size_t chunk_end, double *sums);
/// The contact forces from `chunks` chunks' sums, added in node order.
void addContactChunks(const double *sums, std::size_t chunks, double &fz_u, double &fz_w);

/// state += du R_u + dw R_w + g U (docs/model.md §16), R_u, R_w mapped from the columns: for every
/// node in [first, end) the same products and sums, in the same order, as the update over formed
/// responses; node k's u and w wherever it is (its state before, on every rank: StateShare::agree).
void addSlip(const SlipColumns &c, double du, double dw, double g, const ConstSurfaceFields &unit,
             const SurfaceFields &state);

/// The same, for one instruction set: AVX2 (only where the CPU has it) or the x86-64 baseline. addSlip
/// picks one at run time; the test runs both.
void addSlipAvx2(const SlipColumns &c, double du, double dw, double g, const ConstSurfaceFields &unit,
                 const SurfaceFields &state);
void addSlipBaseline(const SlipColumns &c, double du, double dw, double g, const ConstSurfaceFields &unit,
                     const SurfaceFields &state);
bool cpuHasAvx2();

} // namespace tribo
