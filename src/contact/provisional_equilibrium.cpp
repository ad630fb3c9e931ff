// The contact's provisional equilibrium: the full solve of its prescription at the load W, and the
// responses kept with it (docs/model.md §13).
#include "tribo/contact/provisional_equilibrium.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/state_archive.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <utility>

namespace tribo {

ProvisionalEquilibrium::ProvisionalEquilibrium(SurfaceSolver &slab, std::shared_ptr<const PinShape> pin,
                                               double pin_center, const ContactParameters &params)
    : in_contact(slab.surfaceX().size(), 0), xi(slab.surfaceX().size(), 0.0), slab_(slab),
      pin_(std::move(pin)), pin_center0_(pin_center), params_(params), x_(slab.surfaceX()) {}

double ProvisionalEquilibrium::contactForce(const SurfaceState &s) const {
  double total = 0;
  for (std::size_t k = contact_first_; k < contact_end_; ++k)
    if (in_contact[k]) total += s.fz[k];
  return total;
}

SurfaceState ProvisionalEquilibrium::combine(SurfaceState a, double c, const SurfaceState &b) {
  for (std::size_t k = 0; k < a.u.size(); ++k) {
    a.u[k] += c * b.u[k];
    a.w[k] += c * b.w[k];
    a.fx[k] += c * b.fx[k];
    a.fz[k] += c * b.fz[k];
  }
  return a;
}

const SurfaceState &ProvisionalEquilibrium::unitInterference() {
  if (unit_interference_stale_) {
    const std::size_t n = x_.size();
    std::vector<double> u(n, 0.0), w(n, 0.0);
    for (std::size_t k = 0; k < n; ++k)
      if (in_contact[k]) w[k] = 1.0;
    unit_interference_ = slab_.solve(u, w);
    unit_interference_stale_ = false;
    translation_at_load_valid_ = false;
    setUnitLoad();
  }
  return unit_interference_;
}

void ProvisionalEquilibrium::setUnitLoad() {
  translation_at_load_valid_ = false;
  unit_load_ = contactForce(unit_interference_);
  if (!(unit_load_ > 0)) throw SolverError("the contact set carries no load under a unit interference");
}

void ProvisionalEquilibrium::keepTranslation(SurfaceState raw) {
  translation_raw_ = std::move(raw);
  translation_kept_ = true;
  translation_at_load_valid_ = false;
}

const ConstantLoadResponse &ProvisionalEquilibrium::keptTranslationAtConstantLoad() {
  if (!translation_kept_) throw SolverError("no pin-translation response is kept for this contact set");
  if (!translation_at_load_valid_) {
    ConstantLoadResponse d = atConstantLoad(translation_raw_); // may solve U first
    translation_at_load_ = std::move(d);
    translation_at_load_valid_ = true;
  }
  return translation_at_load_;
}

void ProvisionalEquilibrium::unitTranslation(std::vector<double> &u, std::vector<double> &w) const {
  const std::size_t n = x_.size();
  u.assign(n, 0.0);
  w.assign(n, 0.0);
  for (std::size_t k = 0; k < n; ++k)
    if (in_contact[k]) u[k] = 1.0;
}

// A contact node sticks to the pin point xi_k (it moves with the pin, at the pin's height there). The
// response is linear in the interference, so one more solve per contact set makes the load exact.
void ProvisionalEquilibrium::solve() {
  const std::size_t n = x_.size();
  std::vector<double> u(n, 0.0), w(n, 0.0);
  for (std::size_t k = 0; k < n; ++k)
    if (in_contact[k]) {
      u[k] = pinCenter() + xi[k] - x_[k];
      w[k] = -pin_->height(xi[k]);
    }
  const SurfaceState at_zero = slab_.solve(u, w);
  const SurfaceState &unit = unitInterference();
  interference = (params_.load_per_depth - contactForce(at_zero)) / unit_load_;
  state = combine(at_zero, interference, unit);
}

ConstantLoadResponse ProvisionalEquilibrium::atConstantLoad(SurfaceState raw) {
  ConstantLoadResponse r{std::move(raw), 0.0};
  const SurfaceState &unit = unitInterference();
  r.interference_rate = -contactForce(r.surface) / unit_load_;
  r.surface = combine(std::move(r.surface), r.interference_rate, unit);
  return r;
}

void ProvisionalEquilibrium::changeContactSetAndSolve(EventType type, int k) {
  if (type == EventType::contact) touch(k);
  in_contact[k] = type == EventType::contact ? 1 : 0;
  contactSetChanged();
  solve();
}

void ProvisionalEquilibrium::contactSetChanged() {
  unit_interference_stale_ = true;
  translation_kept_ = false;
  pushContactSet();
}

void ProvisionalEquilibrium::findContactRange() {
  const auto first = std::find(in_contact.begin(), in_contact.end(), 1);
  contact_first_ = static_cast<std::size_t>(first - in_contact.begin());
  contact_end_ = first == in_contact.end()
                     ? contact_first_
                     : in_contact.size() -
                           static_cast<std::size_t>(std::find(in_contact.rbegin(), in_contact.rend(), 1) -
                                                    in_contact.rbegin());
}

void ProvisionalEquilibrium::pushContactSet() {
  translation_at_load_valid_ = false;
  findContactRange();
  slab_.setContactSet(in_contact,
                      params_.frictionless ? std::vector<char>(in_contact.size(), 0) : in_contact);
}

double ProvisionalEquilibrium::slipDistance(int k, double dfx, double dfz) const {
  const double sigma = state.fx[k] >= 0 ? 1.0 : -1.0;
  const double r = params_.residual_shear_fraction * params_.mu_i * sigma;
  const double denom = dfx - r * dfz;
  if (!(std::abs(denom) > 0)) throw SolverError(fmt::format("slip of node {}: zero tangential stiffness", k));
  return (r * state.fz[k] - state.fx[k]) / denom;
}

namespace {

void saveSurface(const StateWriter &out, const SurfaceState &s) {
  out.put("x", s.x), out.put("u", s.u), out.put("w", s.w);
  out.put("fx", s.fx), out.put("fz", s.fz), out.put("width", s.width);
}

void restoreSurface(const StateReader &in, SurfaceState &s) {
  s.x = in.values("x"), s.u = in.values("u"), s.w = in.values("w");
  s.fx = in.values("fx"), s.fz = in.values("fz"), s.width = in.values("width");
}

} // namespace

void ProvisionalEquilibrium::saveState(const StateWriter &out) const {
  out.put("delta", delta);
  out.put("interference", interference);
  out.putIntegers("in_contact", in_contact);
  out.put("xi", xi);
  saveSurface(out.sub("state"), state);
  saveSurface(out.sub("unit_interference"), unit_interference_);
  saveSurface(out.sub("translation"), translation_raw_);
  out.put("unit_load", unit_load_);
  out.putIntegers("flags", std::vector<int>{unit_interference_stale_, translation_kept_});
}

void ProvisionalEquilibrium::restoreState(const StateReader &in) {
  delta = in.value("delta");
  interference = in.value("interference");
  in_contact = in.integers<char>("in_contact");
  xi = in.values("xi");
  if (in_contact.size() != x_.size() || xi.size() != x_.size())
    throw IoError("the checkpoint's contact is not on this slab's surface (a different slab?)");
  restoreSurface(in.sub("state"), state);
  restoreSurface(in.sub("unit_interference"), unit_interference_);
  restoreSurface(in.sub("translation"), translation_raw_);
  unit_load_ = in.value("unit_load");
  const auto flags = in.integers<int>("flags");
  unit_interference_stale_ = flags.at(0) != 0;
  translation_kept_ = flags.at(1) != 0;
  translation_at_load_valid_ = false;
  findContactRange();
}

} // namespace tribo
