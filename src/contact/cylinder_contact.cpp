// The frictionless cylinder: normal contact under W, pressures and the half-width from their moment.
#include "tribo/contact/cylinder_contact.hpp"

#include <algorithm>
#include <cmath>

namespace tribo {

CylinderContactResult solveCylinderContact(MPI_Comm comm, PinOnSlabSetup setup) {
  setup.contact.frictionless = true;
  PinOnSlab model(comm, setup);
  model.establishNormalContact();
  const FrictionalContact &contact = model.contact();
  const auto &x = model.surface().surfaceX();
  const auto &width = model.surface().surfaceWidth();
  const double xc = setup.center_over_Lx * setup.slab.length_x;

  CylinderContactResult r;
  r.x = x;
  r.p.assign(x.size(), 0.0);
  r.load_per_depth = model.loadPerDepth();
  r.hertz_half_width = model.hertzHalfWidth();
  r.hertz_peak = 2.0 * r.load_per_depth / (M_PI * r.hertz_half_width);
  r.interference = contact.interference();
  r.contact_nodes = contact.contactCount();
  double force = 0, moment = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
    if (contact.inContact()[k]) {
      const double fz = contact.state().fz[k], s = x[k] - xc;
      r.p[k] = fz / width[k];
      force += fz;
      moment += fz * s * s;
    }
  // For p = p_H sqrt(1 - (s/a)^2): int p s^2 / int p = a^2 / 4.
  r.moment_half_width = force > 0 ? 2.0 * std::sqrt(moment / force) : 0.0;
  r.peak_pressure = *std::max_element(r.p.begin(), r.p.end());
  return r;
}

} // namespace tribo
