// Field output of the whole slab: node coordinates, a triangulation of the nodes, u, w and the nodal
// forces into a case's `fields/` group, and the XDMF file beside the HDF5 file that ParaView opens
// (docs/output.md, "Field output").
#pragma once

#include "tribo/grid/binary_hierarchy.hpp"
#include "tribo/io/case_record.hpp"
#include "tribo/slab/slab_system.hpp"

#include <hdf5.h>
#include <set>
#include <string>
#include <vector>

namespace tribo {

/// The conforming triangulation of the hierarchy's nodes (global indices, counter-clockwise with x to
/// the right and z downward drawn downward): each band between two adjacent rows is split into two
/// triangles per interval where both rows have the same stride, and three per coarse interval where the
/// lower row's stride is twice the upper's (its middle node of the fine row is shared by all three).
/// Every node is a vertex; the triangles tile [0, L_x] x [0, L_z]. Row-major (triangles x 3).
std::vector<long long> triangulateHierarchy(const BinaryHierarchy &grid);

/// Puts the whole slab's fields into `record` under `fields/`: points (nodes x 2: x and -z [m], the
/// surface at 0 and the slab below it, as ParaView draws it), triangles (integers), u, w [m], f_x, f_z
/// [N/m per unit depth], displacement (nodes x 3: u, -w, 0 in the same frame, for Warp By Vector).
/// `fields` must hold every node (rank 0 of the slab's communicator).
void recordSlabFields(CaseRecord &record, const BinaryHierarchy &grid, const SlabFields &fields);

/// The mesh of a time series of fields, once per case: fields/points and fields/triangles as above.
void recordFieldMesh(CaseRecord &record, const BinaryHierarchy &grid);
/// One state of a time series (the profile study's output.fields): fields/event_<NNNNNN>/ holds u, w,
/// f_x, f_z, displacement as above and `contact` (int64: 1 at the top nodes in contact, 0 at every other
/// node), with attributes `event` (0 = the normal contact) and `delta` [m], the pin's displacement, the
/// time of the step in the XDMF file. `in_contact` lists the top nodes.
void recordFieldSnapshot(CaseRecord &record, const BinaryHierarchy &grid, long long event, double delta,
                         const SlabFields &fields, const std::vector<char> &in_contact);

/// One step of a time series: its group under fields/ and its time (delta [m]).
struct FieldStep {
  std::string group;
  double time = 0;
};
/// A case whose group holds `fields/`: its id and sizes, as found in an open result file, and its steps
/// (empty: one state, the fields directly in fields/).
struct FieldGrid {
  std::string case_id;
  unsigned long long nodes = 0, triangles = 0;
  std::vector<FieldStep> steps;
};
/// The cases among `case_ids` that have a `fields/` group in `file`.
std::vector<FieldGrid> findFieldGrids(hid_t file, const std::set<std::string> &case_ids);

/// The XDMF file of one case's fields: `<stem>.xmf` beside `h5_path` when the file holds one case with
/// fields, else `<stem>.<case id>.xmf` (characters other than letters, digits and `._=-+` as `_`).
std::string xdmfPath(const std::string &h5_path, const std::string &case_id, bool only_case);

/// Writes the XDMF 3 text of each grid beside `h5_path` (the final name of the HDF5 file, which the
/// XDMF files reference by its file name, so the pair can be moved together): one uniform grid, or a
/// temporal collection over the steps sharing the mesh. Throws IoError.
void writeFieldXdmf(const std::string &h5_path, const std::vector<FieldGrid> &grids);

} // namespace tribo
