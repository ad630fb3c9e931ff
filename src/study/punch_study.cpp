// Study `punch`: input -> a flat punch or the frictionless cylinder -> one case with the surface and its
// summary (stiffness, distance from Johnson's or Hertz's half-space solution).
#include "tribo/study/punch_study.hpp"

#include "tribo/contact/cylinder_contact.hpp"
#include "tribo/io/field_output.hpp"
#include "tribo/io/schema.hpp"
#include "tribo/slab/flat_punch.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/slab_config.hpp"

#include <fmt/format.h>

namespace tribo {

namespace {

CasePlan flatPunchCase(const ConfigNode &punch, const SlabGeometry &slab, PunchKind kind,
                       const SlabSupport &support, const std::string &kind_name, bool fields) {
  // a / L_x: Fig. 5 does not state it; 1/8 keeps the finite slab's departure from a half-space small
  // while putting 2 a / dx = 32 spacings under the punch at n_x = 129.
  const double a_over_L = punch.getDouble("half_width_over_Lx", 0.125, Bounds::openClosed(0.0, 0.5));
  const double c_over_L = punch.getDouble("center_over_Lx", 0.5, Bounds::open(0.0, 1.0));
  const double indentation = punch.getDouble("indentation", 1e-6, Bounds::positive());
  const double window = punch.getDouble("error_window", 0.9, Bounds::open(0.0, 1.0));
  if (c_over_L - a_over_L < 0.0 || c_over_L + a_over_L > 1.0)
    punch.fail("half_width_over_Lx",
               fmt::format("the punch [{}, {}] L_x (center_over_Lx = {}) must lie within "
                           "the slab [0, 1] L_x",
                           c_over_L - a_over_L, c_over_L + a_over_L, c_over_L));

  FlatPunchProblem pb;
  pb.slab = slab;
  pb.support = support;
  pb.kind = kind;
  pb.center = c_over_L * slab.length_x;
  pb.half_width = a_over_L * slab.length_x;
  pb.indentation = indentation;
  pb.error_window = window;
  pb.gather_fields = fields;

  CasePlan plan;
  plan.id = kind == PunchKind::frictionless ? fmt::format("punch_{}", slabTag(slab))
                                            : fmt::format("punch_{}_{}", kind_name, slabTag(slab));
  addSlabParameters(plan, slab, support);
  plan.cost = static_cast<double>(slab.grid().nodeCount());
  plan.parameters.insert({{"kind", kind_name},
                          {"half_width_over_Lx", a_over_L},
                          {"center_over_Lx", c_over_L},
                          {"indentation", indentation}});
  const double depth_y = slab.depth_y, G = slab.elastic.shear_modulus;
  plan.run = [pb, depth_y, G](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &) {
    SlabSolverOptions solver;
    solver.prefix = PinOnSlab::slab_options_prefix; // -slab_ksp_type as for the pin on the slab
    const FlatPunchResult r = solveFlatPunch(comm, pb, solver);
    const SurfaceState &s = r.surface;
    put(record, schema::surface_x, s.x);
    put(record, schema::surface_u, s.u);
    put(record, schema::surface_w, s.w);
    put(record, schema::surface_p, r.p);
    put(record, schema::surface_tau, r.tau);
    put(record, schema::punch_center, pb.center);
    put(record, schema::punch_half_width, pb.half_width);
    put(record, schema::punch_n_x, static_cast<long long>(s.x.size()));
    put(record, schema::punch_nodes, static_cast<long long>(pb.slab.grid().nodeCount()));
    put(record, schema::punch_contact_nodes, static_cast<long long>(r.contact_nodes));
    put(record, schema::punch_total_force, r.total_force * depth_y);
    put(record, schema::punch_contact_shear, r.contact_shear * depth_y);
    // P / (G delta) or Q / (G delta) per unit depth: the punch stiffness, dimensionless.
    put(record, schema::punch_stiffness_over_G, r.stiffness / G);
    // The whole slab (punch.fields), gathered to the case's rank 0: the record that is written.
    if (!r.fields.u.empty()) recordSlabFields(record, pb.slab.grid(), r.fields);
    if (pb.kind == PunchKind::bonded_tangential) return;
    put(record, schema::punch_p0, r.p0);
    put(record, schema::punch_error_window, pb.error_window);
    put(record, schema::punch_compared_nodes, static_cast<long long>(r.compared_nodes));
    put(record, schema::punch_rms_error, r.rms_error);
    put(record, schema::punch_max_error, r.max_error);
    put(record, schema::punch_p0_shape_fit, r.p0_shape_fit);
    put(record, schema::punch_shape_rms_error, r.shape_rms_error);
  };
  return plan;
}

CasePlan cylinderCase(const ConfigNode &punch, const SlabGeometry &slab, const SlabSupport &support) {
  PinOnSlabSetup setup;
  setup.slab = slab;
  setup.support = support;
  setup.radius_over_Lx = punch.getDouble("radius_over_Lx", 200.0, Bounds::positive());
  setup.center_over_Lx = punch.getDouble("center_over_Lx", 0.5, Bounds::open(0.0, 1.0));
  // The load from Hertz's half-width: a_H = sqrt(4 W R / (pi E* L_y)) (line contact, per unit depth).
  const double aH_over_L = punch.getDouble("hertz_half_width_over_Lx", 0.05, Bounds::open(0.0, 0.5));
  const double R = setup.radius_over_Lx * slab.length_x, aH = aH_over_L * slab.length_x;
  setup.load = M_PI * slab.elastic.planeStrainModulus() * aH * aH / (4.0 * R) * slab.depth_y;

  CasePlan plan;
  plan.id = fmt::format("punch_cylinder_{}", slabTag(slab));
  addSlabParameters(plan, slab, support);
  plan.cost = static_cast<double>(slab.grid().nodeCount()); // times the contact's iterations
  plan.parameters.insert({{"kind", std::string("cylinder")},
                          {"radius_over_Lx", setup.radius_over_Lx},
                          {"center_over_Lx", setup.center_over_Lx},
                          {"hertz_half_width_over_Lx", aH_over_L},
                          {"load", setup.load}});
  plan.run = [setup](MPI_Comm comm, CaseRecord &record, CaseCheckpoint &) {
    const CylinderContactResult r = solveCylinderContact(comm, setup);
    const double Lx = setup.slab.length_x;
    put(record, schema::surface_x, r.x);
    put(record, schema::surface_p, r.p);
    put(record, schema::punch_n_x, static_cast<long long>(r.x.size()));
    put(record, schema::punch_nodes, static_cast<long long>(setup.slab.grid().nodeCount()));
    put(record, schema::punch_contact_nodes, static_cast<long long>(r.contact_nodes));
    put(record, schema::punch_hertz_half_width, r.hertz_half_width);
    put(record, schema::punch_hertz_peak_pressure, r.hertz_peak);
    put(record, schema::punch_peak_pressure, r.peak_pressure);
    put(record, schema::punch_moment_half_width_over_Lx, r.moment_half_width / Lx);
    put(record, schema::punch_interference, r.interference);
  };
  return plan;
}

} // namespace

std::vector<CasePlan> buildPunchStudy(const ConfigNode &root) {
  const ConfigNode slab_node = root.child("slab");
  const SlabGeometry slab = readSlabConfig(slab_node);
  const ConfigNode punch = root.child("punch");
  // frictionless: Fig. 5; bonded_*: no slip under the punch, pressed or pulled sideways; cylinder: the
  // pin pressed without friction (Hertz).
  const std::string kind = punch.getChoice(
      "kind", "frictionless", {"frictionless", "bonded_normal", "bonded_tangential", "cylinder"});
  // The whole slab's fields into fields/ and an XDMF file beside the output (docs/output.md).
  const bool fields = punch.getBool("fields", false);
  if (kind == "cylinder" && fields)
    punch.fail("fields", "field output is available for the flat kinds (frictionless, bonded_normal, "
                         "bonded_tangential), not for kind cylinder");
  if (kind == "cylinder")
    return {cylinderCase(punch, slab, readSlabSupport(slab_node, "bonded", SupportUse::symmetric))};
  const PunchKind pk = kind == "frictionless"    ? PunchKind::frictionless
                       : kind == "bonded_normal" ? PunchKind::bonded_normal
                                                 : PunchKind::bonded_tangential;
  // Fig. 5's frictionless bottom for the frictionless punch; the platen for the bonded ones.
  const SlabSupport support =
      readSlabSupport(slab_node, pk == PunchKind::frictionless ? "frictionless" : "bonded",
                      pk == PunchKind::bonded_tangential ? SupportUse::lateral_load : SupportUse::symmetric);
  return {flatPunchCase(punch, slab, pk, support, kind, fields)};
}

} // namespace tribo
