// The static/kinetic Coulomb pair of the closed-form stick-slip model.
#include "tribo/friction/static_kinetic.hpp"

#include "tribo/friction/parameter_check.hpp"

namespace tribo {

StaticKinetic::StaticKinetic(double mu_s, double mu_k) : mu_s_(mu_s), mu_k_(mu_k) {
  checkParameter(name(), "mu_k", mu_k, Bounds::positive());
  checkParameter(name(), "mu_s", mu_s, {mu_k, std::numeric_limits<double>::infinity(), false, true},
                 "the static coefficient cannot be below the kinetic one");
}

FrictionLaw::Local StaticKinetic::local(double N, double speed, const double *) const {
  // The jump at v = 0 has no finite slope; d mu/d|v| = 0 on either side of it.
  const double mu = (speed == 0.0) ? mu_s_ : mu_k_;
  return fromMu(N, mu, 0.0, 0.0);
}

} // namespace tribo
