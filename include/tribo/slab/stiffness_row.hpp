// The control-volume force balance of one node (Eqs. 4-7): its row of the stiffness matrix of Eq. 11.
#pragma once

#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/slab/elastic_constants.hpp"

#include <array>

namespace tribo {

/// The external nodal force (f_x, f_z) of a node as a linear function of the displacements of its
/// interpolation nodes: f = sum_a B_a (u_a, w_a). Each B_a = {Ku, Cuw, Cwu, Kw} is the node's 2x2 block
/// of Eq. 11 in column a. Forces are per unit depth [N/m], z points downward.
struct StiffnessRow {
  NodeRef center;
  int count = 0;
  std::array<NodeRef, 9> nodes{};
  std::array<std::array<double, 4>, 9> blocks{}; // {Ku, Cuw, Cwu, Kw}
};

/// The balance f_ext = -f^S: f^S (Eqs. 4, 5) sums sigma . n over the control volume's interior faces,
/// with the stresses of Eq. 3 evaluated from the node's interpolant (Eqs. 8-10); faces on the slab's
/// boundary carry the external traction and so belong to f_ext. The face integrands are polynomials of
/// degree <= 2 along the face, integrated exactly by Gauss-Legendre with `gauss_points` >= 2 points.
StiffnessRow stiffnessRow(const BinaryHierarchy &grid, const ElasticConstants &elastic, const NodeRef &center,
                          int gauss_points = 2);

} // namespace tribo
