// The contact's state between state changes (paper §2.1.1; docs/model.md §13): which top nodes the pin
// holds and where on the pin each sits, the surface equilibrium under the load W, and the responses kept
// with it. FrictionalContact decides what changes; the surface solver (the strategy) moves this state.
#pragma once

#include "tribo/contact/contact_parameters.hpp"
#include "tribo/contact/pin_shape.hpp"
#include "tribo/contact/slip_event.hpp"
#include "tribo/contact/surface_solver.hpp"

#include <cstddef>
#include <memory>
#include <vector>

namespace tribo {

class ProvisionalEquilibrium {
public:
  /// The pin's lowest point starts above `pin_center` [m from the slab's left edge].
  ProvisionalEquilibrium(SurfaceSolver &slab, std::shared_ptr<const PinShape> pin, double pin_center,
                         const ContactParameters &params);

  // The state; the strategies move it (docs/model.md §13, §16).
  double delta = 0;             // pin displacement [m]
  double interference = 0;      // how far the pin's lowest point sits below the undeformed surface [m]
  std::vector<char> in_contact; // per top node
  std::vector<double> xi;       // where each contact node sits on the pin, from its centre [m]
  SurfaceState state;           // the equilibrium of the prescription at the load W

  const std::vector<double> &x() const { return x_; }
  const PinShape &pin() const { return *pin_; }
  const ContactParameters &params() const { return params_; }
  double pinCenter() const { return pin_center0_ + delta; }
  /// The contact nodes lie in [contactFirst, contactEnd): the sums over them run there only.
  std::size_t contactFirst() const { return contact_first_; }
  std::size_t contactEnd() const { return contact_end_; }
  /// Sum of fz over the contact nodes [N/m].
  double contactForce(const SurfaceState &s) const;

  /// U: the response to pressing the pin one metre deeper, every contact node stuck. It depends only on
  /// the contact set, so it is solved once per set (or kept in step by the strategy).
  const SurfaceState &unitInterference();
  /// U, to be changed in place (by the strategy, with the contact set).
  SurfaceState &keptUnitInterference() {
    translation_at_load_valid_ = false;
    return unit_interference_;
  }
  /// U's contact force [N/m per m]; setUnitLoad() after U was changed in place.
  double unitLoad() const { return unit_load_; }
  void setUnitLoad();
  /// The raw response (before the load is restored) to a unit pin translation, kept with the contact
  /// set by the strategies that update it; nullptr when none is kept for the current set. The pointer
  /// is for changing it in place (with the contact set).
  bool hasKeptTranslation() const { return translation_kept_; }
  SurfaceState *keptTranslation() {
    translation_at_load_valid_ = false;
    return translation_kept_ ? &translation_raw_ : nullptr;
  }
  void keepTranslation(SurfaceState raw);
  /// D = atConstantLoad(the kept raw translation), computed once after any change of what it depends on:
  /// the kept raw response, U and the contact set (issue 20: between contact-set changes, every event
  /// asks for the same D).
  const ConstantLoadResponse &keptTranslationAtConstantLoad();
  /// The prescription of a unit pin translation: every contact u by one, heights unchanged.
  void unitTranslation(std::vector<double> &u, std::vector<double> &w) const;

  /// The equilibrium of the current prescription: each contact node stuck at its pin point xi_k, the
  /// interference the one at which the contact carries W (one solve, plus U once per set).
  void solve();
  /// `raw` (a solve for some prescription) minus the unit-interference response that restores the load.
  ConstantLoadResponse atConstantLoad(SurfaceState raw);
  /// The refresh: node k leaves (release) or joins (contact, where it now is) the set; then solve().
  void changeContactSetAndSolve(EventType type, int k);
  /// A node that touches the pin sticks where it now is.
  void touch(int k) { xi[k] = x_[k] + state.u[k] - pinCenter(); }
  /// The responses kept for the old contact set are gone; the new set goes to the surface solver.
  void contactSetChanged();
  /// The current set to the surface solver (w held where in contact, u too unless frictionless).
  void pushContactSet();
  /// How far node k slides along the pin (in xi) for its shear to drop to the residual fraction of
  /// mu_i p, given its force rates (dfx, dfz) per unit xi along the pin.
  double slipDistance(int k, double dfx, double dfz) const;

  /// A checkpoint of the state and of the responses kept with it (not of the surface solver's); restore
  /// leaves the surface solver to restore its own contact set.
  void saveState(const StateWriter &out) const;
  void restoreState(const StateReader &in);

  /// a + c b, every field but the geometry.
  static SurfaceState combine(SurfaceState a, double c, const SurfaceState &b);

private:
  void findContactRange();

  SurfaceSolver &slab_;
  std::shared_ptr<const PinShape> pin_;
  double pin_center0_;
  ContactParameters params_;
  const std::vector<double> &x_;
  std::size_t contact_first_ = 0, contact_end_ = 0;
  SurfaceState unit_interference_;
  double unit_load_ = 0;
  bool unit_interference_stale_ = true;
  SurfaceState translation_raw_;
  bool translation_kept_ = false;
  ConstantLoadResponse translation_at_load_; // D, while translation_at_load_valid_
  bool translation_at_load_valid_ = false;
};

} // namespace tribo
