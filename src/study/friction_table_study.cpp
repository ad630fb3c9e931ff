// The friction_table study: a friction law tabulated over lists of normal forces and velocities.
#include "tribo/study/friction_table_study.hpp"

#include "tribo/io/schema.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/friction_law_config.hpp"

#include <memory>

namespace tribo {

std::vector<CasePlan> buildFrictionTableStudy(const ConfigNode &root) {
  std::map<std::string, AttributeValue> parameters;
  std::shared_ptr<const FrictionLaw> law = makeFrictionLaw(root.child("friction"), &parameters);

  const ConfigNode table = root.child("table");
  // Normal forces [N] and sliding velocities [m/s]; N <= 0 is allowed (no contact: zero rows).
  const std::vector<double> N = table.requireDoubleList("N");
  const std::vector<double> v = table.requireDoubleList("v");
  // The state of a law that has one (rate-and-state theta [s]): one value for the whole table, or
  // by default the steady state at each velocity (then v = 0 needs an explicit theta).
  const bool has_state = law->stateSize() > 0;
  std::vector<double> theta_given;
  if (has_state) theta_given = table.getDoubleList("theta", {}, Bounds::positive());
  if (has_state && theta_given.size() > 1) table.fail("theta", "give one value for the whole table");
  if (has_state && theta_given.empty())
    for (double vj : v)
      if (vj == 0.0) table.fail("v", "contains 0, where the state has no steady value; give table.theta [s]");
  if (!has_state && table.has("theta"))
    table.fail("theta", "the law " + law->name() + " has no state; remove the key");

  CasePlan plan;
  plan.id = law->name();
  plan.parameters = parameters;
  plan.cost = 1e-6 * double(N.size() * v.size());
  plan.run = [law, N, v, theta_given](MPI_Comm, CaseRecord &record, CaseCheckpoint &) {
    const std::size_t nN = N.size(), nv = v.size(), state_size = law->stateSize();
    std::vector<double> mu(nN * nv), force(nN * nv), dF_dN(nN * nv), dF_dv(nN * nv), strength(nN * nv),
        dstrength_dN(nN * nv), dstrength_dv(nN * nv), dmu_dN(nN * nv), dmu_dv(nN * nv), theta;
    std::vector<double> state(state_size);
    for (std::size_t j = 0; j < nv; ++j) {
      if (state_size > 0) {
        if (theta_given.empty())
          law->steadyState(v[j], state.data());
        else
          state.assign(state_size, theta_given.front());
        theta.push_back(state.front());
      }
      for (std::size_t i = 0; i < nN; ++i) {
        const FrictionResponse r = law->evaluate(N[i], v[j], state.data());
        const std::size_t k = i * nv + j; // row-major N x v
        mu[k] = r.mu;
        force[k] = r.force;
        dF_dN[k] = r.dF_dN;
        dF_dv[k] = r.dF_dv;
        strength[k] = r.strength;
        dstrength_dN[k] = r.dstrength_dN;
        dstrength_dv[k] = r.dstrength_dv;
        dmu_dN[k] = r.dmu_dN;
        dmu_dv[k] = r.dmu_dv;
      }
    }
    const std::vector<unsigned long> shape = {nN, nv};
    namespace s = schema;
    put(record, s::friction_N, N);
    put(record, s::friction_v, v);
    put(record, s::friction_mu, std::move(mu), shape);
    put(record, s::friction_force, std::move(force), shape);
    put(record, s::friction_dF_dN, std::move(dF_dN), shape);
    put(record, s::friction_dF_dv, std::move(dF_dv), shape);
    put(record, s::friction_strength, std::move(strength), shape);
    put(record, s::friction_dstrength_dN, std::move(dstrength_dN), shape);
    put(record, s::friction_dstrength_dv, std::move(dstrength_dv), shape);
    put(record, s::friction_dmu_dN, std::move(dmu_dN), shape);
    put(record, s::friction_dmu_dv, std::move(dmu_dv), shape);
    if (!theta.empty()) put(record, s::friction_theta, std::move(theta));
    put(record, s::friction_law, law->name());
  };
  return {plan};
}

} // namespace tribo
