// A friction law from its input block (`friction:` in any study): `law:` and the parameters by their
// OpenSees names. Keys, units and ranges: docs/friction-laws.md.
#pragma once

#include "tribo/friction/friction_law.hpp"
#include "tribo/io/case_record.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tribo {

class ConfigNode;

/// The values of `law:`, in the order docs/friction-laws.md describes them.
const std::vector<std::string> &frictionLawNames();

/// Reads `node.law` and that law's parameters and builds it; every error (missing or unknown key,
/// value out of range, NaN) is an InputError naming the key path and line. When `parameters` is given,
/// it receives the law's name ("law") and every parameter as the law uses it (SI units), for the
/// HDF5 attributes of the case.
std::unique_ptr<FrictionLaw> makeFrictionLaw(const ConfigNode &node,
                                             std::map<std::string, AttributeValue> *parameters = nullptr);

} // namespace tribo
