// The by-linearity strategy of the condensed and compressed paths (docs/model.md §16).
#include "tribo/contact/linear_update_solver.hpp"

#include "tribo/contact/provisional_equilibrium.hpp"

#include <array>

namespace tribo {

// The raw translation response depends only on the contact set: a dense prescription is this path's
// most expensive solve, so it is kept and follows the contact set (changeContactSetByLinearity); so does
// D, at constant load, kept until the contact set changes (slips and pin steps leave it as it is).
const ConstantLoadResponse &LinearUpdateSolver::pinTranslation(ProvisionalEquilibrium &e) {
  if (!e.hasKeptTranslation()) {
    std::vector<double> u, w;
    e.unitTranslation(u, w);
    e.keepTranslation(solve(u, w));
  }
  return e.keptTranslationAtConstantLoad();
}

// Linear in delta until the event (the event search relies on it): the state moves along d (§12).
void LinearUpdateSolver::followPinStep(ProvisionalEquilibrium &e, double step,
                                       const ConstantLoadResponse &d) {
  e.state = ProvisionalEquilibrium::combine(std::move(e.state), step, d.surface);
  e.interference += step * d.interference_rate;
}

// Node k's two unit responses R_u, R_w, each with the interference that keeps the load, give both its
// stiffness along the pin (R_u - h'(xi) R_w) and the response to the move it then makes, u by xi' - xi
// and w along the exact circle (not its tangent); the state follows by linearity.
void LinearUpdateSolver::slip(ProvisionalEquilibrium &e, int k) {
  const SurfaceState &unit = e.unitInterference(); // first: it may solve
  unitResponse(k, Component::u, slip_u_);
  unitResponse(k, Component::w, slip_w_);
  const double rate_u = -e.contactForce(slip_u_) / e.unitLoad(),
               rate_w = -e.contactForce(slip_w_) / e.unitLoad();
  const PinShape &pin = e.pin();
  const double t = -pin.slope(e.xi[k]);
  const double dfx = slip_u_.fx[k] + t * slip_w_.fx[k] + (rate_u + t * rate_w) * unit.fx[k];
  const double dfz = slip_u_.fz[k] + t * slip_w_.fz[k] + (rate_u + t * rate_w) * unit.fz[k];
  const double xi_old = e.xi[k];
  e.xi[k] += e.slipDistance(k, dfx, dfz);
  const double du = e.xi[k] - xi_old, dw = pin.height(xi_old) - pin.height(e.xi[k]);
  const double c = du * rate_u + dw * rate_w;
  SurfaceState &state = e.state;
  for (std::size_t i = 0; i < state.u.size(); ++i) {
    state.u[i] += du * slip_u_.u[i] + dw * slip_w_.u[i] + c * unit.u[i];
    state.w[i] += du * slip_u_.w[i] + dw * slip_w_.w[i] + c * unit.w[i];
    state.fx[i] += du * slip_u_.fx[i] + dw * slip_w_.fx[i] + c * unit.fx[i];
    state.fz[i] += du * slip_u_.fz[i] + dw * slip_w_.fz[i] + c * unit.fz[i];
  }
  e.interference += c;
}

// By linearity, but every resync_set_changes changes a full solve, which resets the round-off.
void LinearUpdateSolver::changeContactSet(ProvisionalEquilibrium &e, EventType type, int k) {
  if (++set_changes_since_solve_ > resync_set_changes) {
    set_changes_since_solve_ = 0;
    e.changeContactSetAndSolve(type, k);
    return;
  }
  changeContactSetByLinearity(e, type, k);
}

void LinearUpdateSolver::holdNode(SurfaceState &v, const NodeResponses &r, int k, bool lateral, double u_k,
                                  double w_k) {
  const double b = w_k - v.w[k], a = lateral ? u_k - v.u[k] : 0.0;
  if (lateral) v = ProvisionalEquilibrium::combine(std::move(v), a, r[0]);
  v = ProvisionalEquilibrium::combine(std::move(v), b, r[1]);
}

void LinearUpdateSolver::freeNode(SurfaceState &v, const NodeResponses &r, int k, bool lateral) {
  double a = 0, b = 0;
  if (lateral) { // [R_u.fx R_w.fx; R_u.fz R_w.fz] (a, b) = -(fx, fz)
    const double det = r[0].fx[k] * r[1].fz[k] - r[1].fx[k] * r[0].fz[k];
    a = (-v.fx[k] * r[1].fz[k] + v.fz[k] * r[1].fx[k]) / det;
    b = (-v.fz[k] * r[0].fx[k] + v.fx[k] * r[0].fz[k]) / det;
    v = ProvisionalEquilibrium::combine(std::move(v), a, r[0]);
  } else {
    b = -v.fz[k] / r[1].fz[k];
  }
  v = ProvisionalEquilibrium::combine(std::move(v), b, r[1]);
}

// Node k's dofs that change role (w, and u where the contact holds it laterally) have unit-displacement
// responses R in the partition where they are held: after the change for a new contact, before it for a
// release. Every kept response V (the state, the unit interference U, the pin translation T) becomes the
// one of the new partition by adding a combination of R: for a contact, the one that sets k's new
// prescription; for a release, the one that zeroes k's reaction (then V is a solution with k free of
// traction). The load is restored with U.
void LinearUpdateSolver::changeContactSetByLinearity(ProvisionalEquilibrium &e, EventType type, int k) {
  const bool lateral = !e.params().frictionless;
  e.unitInterference(); // U of the current set, if not kept already
  auto columns = [&] {
    NodeResponses r{};
    unitResponse(k, Component::w, r[1]);
    if (lateral) unitResponse(k, Component::u, r[0]);
    return r;
  };
  SurfaceState *translation = e.keptTranslation();
  NodeResponses r;
  if (type == EventType::contact) {
    // The node touches where it now is and sticks there: its u is kept, its w set on the pin.
    e.touch(k);
    const double w_on_pin = e.interference - e.pin().height(e.xi[k]);
    e.in_contact[k] = 1;
    e.pushContactSet();
    r = columns();
    holdNode(e.state, r, k, lateral, e.state.u[k], w_on_pin);
    holdNode(e.keptUnitInterference(), r, k, lateral, 0.0, 1.0);
    if (translation) holdNode(*translation, r, k, lateral, 1.0, 0.0);
  } else {
    r = columns();
    e.in_contact[k] = 0;
    e.pushContactSet();
    freeNode(e.state, r, k, lateral);
    freeNode(e.keptUnitInterference(), r, k, lateral);
    if (translation) freeNode(*translation, r, k, lateral);
  }
  followedContactSetChange(type, k, r, lateral);
  e.setUnitLoad();
  const double c = (e.params().load_per_depth - e.contactForce(e.state)) / e.unitLoad();
  e.state = ProvisionalEquilibrium::combine(std::move(e.state), c, e.keptUnitInterference());
  e.interference += c;
}

} // namespace tribo
