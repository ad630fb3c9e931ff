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
void CondensedSurfaceSolver::slip(ProvisionalEquilibrium &e, int k) {
  const SurfaceState &unit = e.unitInterference(); // first: it may solve
  const std::int64_t i = k - zone_first_;
  if (i < 0 || i >= zone_nodes_) throw SolverError(fmt::format("slip of node {}: outside the zone", k));
  const auto [ru, rw] = unitColumns(k);
  const SlipColumns cols{ru,
                         rw,
                         held_mask_.data(),
                         x_.size(),
                         static_cast<std::size_t>(zone_first_),
                         static_cast<std::size_t>(zone_nodes_),
                         static_cast<std::size_t>(k),
                         share_ ? share_->first() : 0,
                         share_ ? share_->end() : x_.size()};
  // The contact forces by chunks, shared out among the ranks where they share the state out: the same
  // chunks, so the same bits, on any number of ranks.
  const std::size_t first = e.contactFirst(), end = std::max(first, e.contactEnd());
  const std::size_t c0 = first / contact_chunk, c1 = (end + contact_chunk - 1) / contact_chunk;
  contact_chunks_.resize(2 * (c1 - c0));
  const auto [mine_first, mine_end] = share_ ? share_->parts(c0, c1) : std::pair{c0, c1};
  slipContactChunks(cols, first, end, mine_first, mine_end, contact_chunks_.data() + 2 * (mine_first - c0));
  if (share_) share_->gatherParts(contact_chunks_.data(), c0, c1, 2);
  double load_u = 0, load_w = 0;
  addContactChunks(contact_chunks_.data(), c1 - c0, load_u, load_w);
  const double rate_u = -load_u / e.unitLoad(), rate_w = -load_w / e.unitLoad();
  // k's forces in R_u, R_w: its rows where held, zero where free.
  const auto ju = static_cast<std::size_t>(2 * i), jw = ju + 1;
  const double ru_fx = held_[ju] ? cols.ru[ju] : 0.0, rw_fx = held_[ju] ? cols.rw[ju] : 0.0;
  const double ru_fz = held_[jw] ? cols.ru[jw] : 0.0, rw_fz = held_[jw] ? cols.rw[jw] : 0.0;
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
