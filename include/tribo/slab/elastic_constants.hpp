// Isotropic elastic constants of the slab in plane strain (Eqs. 1-3): G, nu and Lame's lambda.
#pragma once

namespace tribo {

struct ElasticConstants {
  double shear_modulus = 0; ///< G [Pa]
  double poisson_ratio = 0; ///< nu, in (-1, 0.5)

  /// Throws InputError naming the offending constant (G in (0, inf), nu in (-1, 0.5)).
  void validate() const;
  /// Lame's first parameter, lambda = 2 G nu / (1 - 2 nu).
  double lambda() const { return 2.0 * shear_modulus * poisson_ratio / (1.0 - 2.0 * poisson_ratio); }
  /// The plane-strain modulus E* = E / (1 - nu^2) = 2 G / (1 - nu) (Johnson's contact solutions).
  double planeStrainModulus() const { return 2.0 * shear_modulus / (1.0 - poisson_ratio); }
};

} // namespace tribo
