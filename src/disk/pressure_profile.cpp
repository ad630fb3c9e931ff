// Axisymmetric contact pressure profiles (uniform, Hertz, annulus, tabulated), normalised to unit load.
#include "tribo/disk/pressure_profile.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tribo {
namespace {

constexpr double pi = 3.14159265358979323846;

std::string num(double v) {
  std::ostringstream s;
  s.precision(12);
  s << v;
  return s.str();
}

} // namespace

PressureProfile PressureProfile::uniform() {
  PressureProfile p;
  p.kind_ = Kind::uniform;
  p.scale_ = 1.0 / pi;
  return p;
}

PressureProfile PressureProfile::hertz() {
  PressureProfile p;
  p.kind_ = Kind::hertz;
  // integral of sqrt(1 - rho^2) over the unit disk = 2 pi / 3
  p.scale_ = 3.0 / (2.0 * pi);
  return p;
}

PressureProfile PressureProfile::annulus(double inner_ratio) {
  if (!(inner_ratio >= 0.0 && inner_ratio < 1.0))
    throw InputError("disk pressure: annulus inner_ratio = " + num(inner_ratio) +
                     " is outside the allowed range [0, 1)");
  PressureProfile p;
  p.kind_ = Kind::annulus;
  p.rho_min_ = inner_ratio;
  p.scale_ = 1.0 / (pi * (1.0 - inner_ratio * inner_ratio));
  return p;
}

PressureProfile PressureProfile::table(std::vector<double> rho, std::vector<double> pv) {
  if (rho.size() != pv.size() || rho.size() < 2)
    throw InputError("disk pressure: table needs rho and p of equal length >= 2 (got " +
                     std::to_string(rho.size()) + " and " + std::to_string(pv.size()) + ")");
  for (std::size_t i = 0; i < rho.size(); ++i) {
    if (!(rho[i] >= 0.0 && rho[i] <= 1.0))
      throw InputError("disk pressure: table rho[" + std::to_string(i) + "] = " + num(rho[i]) +
                       " is outside the allowed range [0, 1]");
    if (i > 0 && !(rho[i] > rho[i - 1]))
      throw InputError("disk pressure: table rho[" + std::to_string(i) + "] = " + num(rho[i]) +
                       " must be greater than rho[" + std::to_string(i - 1) + "] = " + num(rho[i - 1]));
    if (!(pv[i] >= 0.0 && std::isfinite(pv[i])))
      throw InputError("disk pressure: table p[" + std::to_string(i) + "] = " + num(pv[i]) +
                       " is outside the allowed range [0, inf)");
  }
  PressureProfile p;
  p.kind_ = Kind::table;
  p.table_rho_ = std::move(rho);
  p.table_p_ = std::move(pv);
  p.rho_min_ = p.table_rho_.front();
  p.rho_max_ = p.table_rho_.back();
  p.breaks_.assign(p.table_rho_.begin() + 1, p.table_rho_.end() - 1);
  p.scale_ = 1.0;
  const double load = p.moment(0);
  if (!(load > 0.0)) throw InputError("disk pressure: table total load = " + num(load) + " must be positive");
  p.scale_ = 1.0 / load;
  return p;
}

double PressureProfile::operator()(double rho) const {
  if (rho < rho_min_ || rho > rho_max_) return 0.0;
  switch (kind_) {
  case Kind::uniform:
  case Kind::annulus:
    return scale_;
  case Kind::hertz:
    return scale_ * std::sqrt(std::max(0.0, (1.0 - rho) * (1.0 + rho)));
  case Kind::table:
  default: {
    const auto it = std::upper_bound(table_rho_.begin(), table_rho_.end(), rho);
    const std::size_t i = it == table_rho_.end() ? table_rho_.size() - 2
                                                 : static_cast<std::size_t>(it - table_rho_.begin()) - 1;
    const double s = (rho - table_rho_[i]) / (table_rho_[i + 1] - table_rho_[i]);
    return scale_ * (table_p_[i] + s * (table_p_[i + 1] - table_p_[i]));
  }
  }
}

// Integral of p rho^power over the unit disk, i.e. 2 pi int p rho^(power+1) drho, in closed form
// for every kind (piecewise-linear p integrates exactly against powers of rho).
double PressureProfile::moment(int power) const {
  const int k = power + 1; // power of rho in the radial integrand
  auto mono = [](double a, double b, int n) { return (std::pow(b, n + 1) - std::pow(a, n + 1)) / (n + 1); };
  switch (kind_) {
  case Kind::uniform:
  case Kind::annulus:
    return 2.0 * pi * scale_ * mono(rho_min_, 1.0, k);
  case Kind::hertz:
    // int_0^1 rho^k sqrt(1 - rho^2) drho = B((k+1)/2, 3/2) / 2
    return 2.0 * pi * scale_ * 0.5 *
           std::exp(std::lgamma((k + 1) / 2.0) + std::lgamma(1.5) - std::lgamma(k / 2.0 + 2.0));
  case Kind::table:
  default: {
    double s = 0.0;
    for (std::size_t i = 0; i + 1 < table_rho_.size(); ++i) {
      const double a = table_rho_[i], b = table_rho_[i + 1];
      const double slope = (table_p_[i + 1] - table_p_[i]) / (b - a);
      // p = p_i + slope (rho - a) = (p_i - slope a) + slope rho
      s += (table_p_[i] - slope * a) * mono(a, b, k) + slope * mono(a, b, k + 1);
    }
    return 2.0 * pi * scale_ * s;
  }
  }
}

double PressureProfile::meanRho() const {
  return moment(1);
}
double PressureProfile::meanRho2() const {
  return moment(2);
}

std::string PressureProfile::name() const {
  switch (kind_) {
  case Kind::uniform:
    return "uniform";
  case Kind::hertz:
    return "hertz";
  case Kind::annulus:
    return "annulus";
  case Kind::table:
  default:
    return "table";
  }
}

} // namespace tribo
