// The condensed path's slip, fused: the state moves by node k's two unit columns straight from the
// tableau (the rest of the strategy is LinearUpdateSolver's; docs/model.md §16).
#include "tribo/contact/condensed_surface_solver.hpp"
#include "tribo/contact/provisional_equilibrium.hpp"
#include "tribo/contact/slip_kernel.hpp"
#include "tribo/core/error.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace tribo {

// Node k's two unit columns R_u, R_w, each with the interference that keeps the load, give both its
// stiffness along the pin (R_u - h'(xi) R_w) and the response to the move it then makes, u by xi' - xi
// and w along the exact circle (not its tangent); the state follows by linearity. The columns are used
// as the tableau holds them (force where held, displacement where free): their contact forces, k's
// force rates, then one fused pass over the state (src/contact/slip_kernel.cpp): where the ranks share
// the state out (state_share.hpp), each sums its own chunks of the contact and moves its own nodes.
// Each rank's nodes are those of its rows, which start on a block of pivot_block_rows: a chunk of the
// contact forces lies on one rank, which reads only its own rows to sum it.
static_assert(CondensedSurfaceSolver::pivot_block_rows / 2 % contact_chunk == 0,
              "a chunk of the contact forces must not straddle two ranks' rows");

void CondensedSurfaceSolver::slip(ProvisionalEquilibrium &e, int k) {
  const SurfaceState &unit = e.unitInterference(); // first: it may solve
  const std::int64_t i = k - zone_first_;
  if (i < 0 || i >= zone_nodes_) throw SolverError(fmt::format("slip of node {}: outside the zone", k));
  const UnitColumns columns = unitColumns(k);
  SlipColumns cols{columns.ru,
                   columns.rw,
                   held_mask_.data(),
                   x_.size(),
                   static_cast<std::size_t>(zone_first_),
                   static_cast<std::size_t>(zone_nodes_),
                   static_cast<std::size_t>(k),
                   share_ ? share_->first() : 0,
                   share_ ? share_->end() : x_.size()};
  // Where each rank computed only its own rows, k's travel with the contact forces: [ru_u, ru_w, rw_u, rw_w].
  std::array<double, 4> k_rows{};
  const auto rk = static_cast<std::size_t>(2 * k);
  if (columns.own_rows_only) {
    if (rk >= row_begin_ && rk < row_begin_ + local_rows_)
      k_rows = {cols.ru[rk], cols.ru[rk + 1], cols.rw[rk], cols.rw[rk + 1]};
    cols.k_ru = k_rows.data(), cols.k_rw = k_rows.data() + 2;
  }
  // The contact forces by chunks, each summed by the rank that holds its nodes where the ranks share the
  // state out: the same chunks, so the same bits, on any number of ranks.
  const std::size_t first = e.contactFirst(), end = std::max(first, e.contactEnd());
  const std::size_t c0 = first / contact_chunk, c1 = (end + contact_chunk - 1) / contact_chunk;
  contact_chunks_.resize(2 * (c1 - c0));
  const auto [mine_first, mine_end] = share_ ? share_->parts(c0, c1, contact_chunk) : std::pair{c0, c1};
  slipContactChunks(cols, first, end, mine_first, mine_end, contact_chunks_.data() + 2 * (mine_first - c0));
  if (share_)
    share_->gatherParts(contact_chunks_.data(), c0, c1, contact_chunk, 2, static_cast<std::size_t>(k),
                        columns.own_rows_only ? k_rows.data() : nullptr, k_rows.size());
  double load_u = 0, load_w = 0;
  addContactChunks(contact_chunks_.data(), c1 - c0, load_u, load_w);
  const double rate_u = -load_u / e.unitLoad(), rate_w = -load_w / e.unitLoad();
  // k's forces in R_u, R_w: its rows where held, zero where free.
  const auto ju = static_cast<std::size_t>(2 * i), jw = ju + 1;
  const double *k_ru = cols.kRu(), *k_rw = cols.kRw();
  const double ru_fx = held_[ju] ? k_ru[0] : 0.0, rw_fx = held_[ju] ? k_rw[0] : 0.0;
  const double ru_fz = held_[jw] ? k_ru[1] : 0.0, rw_fz = held_[jw] ? k_rw[1] : 0.0;
  const PinShape &pin = e.pin();
  const double t = -pin.slope(e.xi[k]);
  const double dfx = ru_fx + t * rw_fx + (rate_u + t * rate_w) * unit.fx[k];
  const double dfz = ru_fz + t * rw_fz + (rate_u + t * rate_w) * unit.fz[k];
  const double xi_old = e.xi[k];
  e.xi[k] += e.slipDistance(k, dfx, dfz);
  const double du = e.xi[k] - xi_old, dw = pin.height(xi_old) - pin.height(e.xi[k]);
  const double c = du * rate_u + dw * rate_w;
  SurfaceState &state = e.state;
  addSlip(cols, du, dw, c, {unit.u.data(), unit.w.data(), unit.fx.data(), unit.fz.data()},
          {state.u.data(), state.w.data(), state.fx.data(), state.fz.data()});
  e.interference += c;
}

} // namespace tribo
