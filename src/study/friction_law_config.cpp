// A friction law from its input block: `law:` and the parameters by their OpenSees names.
#include "tribo/study/friction_law_config.hpp"

#include "tribo/friction/coulomb.hpp"
#include "tribo/friction/rate_and_state.hpp"
#include "tribo/friction/static_kinetic.hpp"
#include "tribo/friction/vel_dep_multi_linear.hpp"
#include "tribo/friction/vel_dependent.hpp"
#include "tribo/friction/vel_normal_frc_dep.hpp"
#include "tribo/friction/vel_pressure_dep.hpp"
#include "tribo/study/config.hpp"

#include <cmath>
#include <fmt/format.h>

namespace tribo {

const std::vector<std::string> &frictionLawNames() {
  static const std::vector<std::string> names = {"Coulomb",        "VelDependent",      "VelNormalFrcDep",
                                                 "VelPressureDep", "VelDepMultiLinear", "StaticKinetic",
                                                 "RateAndState"};
  return names;
}

namespace {

/// Reads numbers and remembers them for the case attributes. Ranges are the laws' own (checked in
/// their constructors, one place); here a number only has to be a finite number.
class ParameterReader {
public:
  ParameterReader(const ConfigNode &node, std::map<std::string, AttributeValue> &out)
      : node_(node), out_(out) {}

  double require(const std::string &key) { return keep(key, node_.requireDouble(key)); }
  double get(const std::string &key, double fallback) { return keep(key, node_.getDouble(key, fallback)); }
  std::vector<double> requireList(const std::string &key) {
    auto values = node_.requireDoubleList(key);
    out_[key] = values;
    return values;
  }
  double keep(const std::string &key, double value) {
    out_[key] = value;
    return value;
  }

private:
  const ConfigNode &node_;
  std::map<std::string, AttributeValue> &out_;
};

std::unique_ptr<FrictionLaw> makeVelNormalFrcDep(const ConfigNode &node, ParameterReader &p) {
  const double nSlow = p.require("nSlow");
  const double nFast = p.require("nFast");
  // Either the OpenSees constants aSlow, aFast, or the coefficients muSlow, muFast at a reference load
  // W, converted exactly as the manual's Tcl example does: aSlow = muSlow / W^(nSlow - 1).
  const bool by_constants = node.has("aSlow") || node.has("aFast");
  const bool by_reference = node.has("muSlow") || node.has("muFast") || node.has("W");
  if (by_constants && by_reference)
    node.fail("aSlow", "give either aSlow and aFast, or muSlow, muFast and W (the load at which they hold), "
                       "not both");
  double aSlow, aFast;
  if (by_reference) {
    const double W = node.requireDouble("W", Bounds::positive());
    const double muSlow = node.requireDouble("muSlow", Bounds::positive());
    const double muFast = node.requireDouble("muFast", Bounds::positive());
    p.keep("W", W);
    p.keep("muSlow", muSlow);
    p.keep("muFast", muFast);
    aSlow = p.keep("aSlow", muSlow / std::pow(W, nSlow - 1.0));
    aFast = p.keep("aFast", muFast / std::pow(W, nFast - 1.0));
  } else {
    aSlow = p.require("aSlow");
    aFast = p.require("aFast");
  }
  const double alpha0 = p.require("alpha0");
  const double alpha1 = p.get("alpha1", 0.0);
  const double alpha2 = p.get("alpha2", 0.0);
  const double maxMuFact = p.require("maxMuFact");
  return std::make_unique<VelNormalFrcDep>(aSlow, nSlow, aFast, nFast, alpha0, alpha1, alpha2, maxMuFact);
}

std::unique_ptr<FrictionLaw> build(const std::string &law, const ConfigNode &node, ParameterReader &p) {
  if (law == "Coulomb") return std::make_unique<Coulomb>(p.require("mu"));
  if (law == "VelDependent") {
    const double muSlow = p.require("muSlow"), muFast = p.require("muFast");
    return std::make_unique<VelDependent>(muSlow, muFast, p.require("transRate"));
  }
  if (law == "VelNormalFrcDep") return makeVelNormalFrcDep(node, p);
  if (law == "VelPressureDep") {
    const double muSlow = p.require("muSlow"), muFast0 = p.require("muFast0"), A = p.require("A");
    const double deltaMu = p.require("deltaMu"), alpha = p.require("alpha");
    return std::make_unique<VelPressureDep>(muSlow, muFast0, A, deltaMu, alpha, p.require("transRate"));
  }
  if (law == "VelDepMultiLinear") {
    auto velocityPoints = p.requireList("velocityPoints");
    return std::make_unique<VelDepMultiLinear>(std::move(velocityPoints), p.requireList("frictionPoints"));
  }
  if (law == "StaticKinetic") {
    const double mu_s = p.require("mu_s");
    return std::make_unique<StaticKinetic>(mu_s, p.require("mu_k"));
  }
  // RateAndState (getChoice admits nothing else)
  const double a = p.require("a"), b = p.require("b"), D_c = p.require("D_c");
  const double mu0 = p.require("mu0");
  return std::make_unique<RateAndState>(a, b, D_c, mu0, p.require("V0"));
}

} // namespace

std::unique_ptr<FrictionLaw> makeFrictionLaw(const ConfigNode &node,
                                             std::map<std::string, AttributeValue> *parameters) {
  std::map<std::string, AttributeValue> local;
  auto &out = parameters ? *parameters : local;
  if (!node.has("law"))
    node.fail("law", fmt::format("missing; choose one of {{{}}}", fmt::join(frictionLawNames(), ", ")));
  const std::string law = node.getChoice("law", "", frictionLawNames());
  out["law"] = law;
  ParameterReader reader(node, out);
  try {
    return build(law, node, reader);
  } catch (const InputError &e) {
    // A range check of the law itself: add where the block is, the message names the parameter.
    const std::string msg = e.what();
    if (msg.rfind(law + ":", 0) == 0) {
      // The line of the parameter the law names ("parameter mu = -1 ..."), else of the block.
      std::string where = node.where();
      const std::string tag = "parameter ";
      const auto at = msg.find(tag);
      if (at != std::string::npos) {
        const auto end = msg.find_first_of(" =", at + tag.size());
        const std::string name =
            msg.substr(at + tag.size(), end == std::string::npos ? end : end - at - tag.size());
        if (node.has(name)) where = node.whereIs(name, node.rawValue(name));
      }
      throw InputError(fmt::format("{}: {}: {}", where, node.path().empty() ? "friction" : node.path(), msg));
    }
    throw;
  }
}

} // namespace tribo
