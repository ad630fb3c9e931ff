// Axisymmetric contact pressure p(rho) on the unit disk (rho = r/R), normalised to unit total load.
#pragma once

#include <string>
#include <vector>

namespace tribo {

/// The normal pressure over the contact, as a function of rho = r/R in [0, 1], scaled so that
/// the integral of p over the unit disk is 1 (p = 1/pi for a uniformly pressed disk). Only the
/// shape matters for F(eps) and T(eps); the total load mu F_n multiplies them (Eq. 1).
class PressureProfile {
public:
  enum class Kind { uniform, hertz, annulus, table };

  /// p = const: the flat disk of the paper.
  static PressureProfile uniform();
  /// p ~ sqrt(1 - rho^2): elastic sphere on a flat (paper, Hertz remark).
  static PressureProfile hertz();
  /// p = const on inner_ratio <= rho <= 1: a disk with a central hole (the CD: 0.75 cm / 6 cm).
  static PressureProfile annulus(double inner_ratio);
  /// p linear between the points (rho_i, p_i); zero outside [rho_0, rho_last]. rho strictly
  /// increasing in [0, 1], p_i >= 0, positive total load. Throws InputError naming the entry.
  static PressureProfile table(std::vector<double> rho, std::vector<double> p);

  /// Normalised pressure at rho (zero outside the support).
  double operator()(double rho) const;
  /// Support [rho_min, rho_max] of the pressure.
  double rhoMin() const { return rho_min_; }
  double rhoMax() const { return rho_max_; }
  /// Radii inside the support where p has a kink (table nodes), for splitting quadratures.
  const std::vector<double> &breakpoints() const { return breaks_; }
  Kind kind() const { return kind_; }
  std::string name() const;
  /// Pressure-weighted mean of rho and rho^2 (the torque of pure spinning is mean(rho) = T(0)).
  double meanRho() const;
  double meanRho2() const;

private:
  PressureProfile() = default;
  double moment(int power) const; // integral of p rho^power over the unit disk

  Kind kind_ = Kind::uniform;
  double rho_min_ = 0.0, rho_max_ = 1.0;
  double scale_ = 1.0; // normalisation factor
  std::vector<double> table_rho_, table_p_, breaks_;
};

} // namespace tribo
