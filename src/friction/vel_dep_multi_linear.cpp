// Piecewise-linear velocity-dependent friction (OpenSees VelDepMultiLinear).
#include "tribo/friction/vel_dep_multi_linear.hpp"

#include "tribo/friction/parameter_check.hpp"

#include <algorithm>
#include <string>

namespace tribo {

VelDepMultiLinear::VelDepMultiLinear(std::vector<double> velocityPoints, std::vector<double> frictionPoints)
    : velocityPoints_(std::move(velocityPoints)), frictionPoints_(std::move(frictionPoints)) {
  const auto law = name();
  if (velocityPoints_.size() < 2)
    failParameter(law, "velocityPoints has " + std::to_string(velocityPoints_.size()) +
                           " point(s); at least 2 are needed");
  if (frictionPoints_.size() != velocityPoints_.size())
    failParameter(law, "frictionPoints has " + std::to_string(frictionPoints_.size()) +
                           " points but velocityPoints has " + std::to_string(velocityPoints_.size()) +
                           "; the counts must be equal");
  for (std::size_t k = 0; k < velocityPoints_.size(); ++k) {
    const std::string index = "[" + std::to_string(k) + "]";
    checkParameter(law, "velocityPoints" + index, velocityPoints_[k], Bounds::nonNegative());
    checkParameter(law, "frictionPoints" + index, frictionPoints_[k], Bounds::nonNegative());
    if (k > 0)
      checkParameter(law, "velocityPoints" + index, velocityPoints_[k],
                     {velocityPoints_[k - 1], std::numeric_limits<double>::infinity(), true, true},
                     "velocity points must increase strictly");
  }
}

FrictionLaw::Local VelDepMultiLinear::local(double N, double speed, const double *) const {
  // Segment k = [v_k, v_k+1]: the last k <= n-2 with v_k <= |v| (k = 0 below the first point). At a
  // knot this is the segment to the right, the one OpenSees's interval search lands on when |v| grows.
  const auto &v = velocityPoints_;
  const auto &f = frictionPoints_;
  const std::size_t k =
      static_cast<std::size_t>(std::upper_bound(v.begin() + 1, v.end() - 1, speed) - (v.begin() + 1));
  // OpenSees's order of operations, so that mu agrees to the last bit.
  const double slope = (f[k + 1] - f[k]) / (v[k + 1] - v[k]);
  const double mu = f[k] + slope * (speed - v[k]);
  // A falling last segment extended far enough would give mu < 0, friction pushing the slider along.
  if (mu < 0.0) return fromMu(N, 0.0, 0.0, 0.0);
  return fromMu(N, mu, 0.0, slope);
}

} // namespace tribo
