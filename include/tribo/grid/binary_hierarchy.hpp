// The binary hierarchy of nodes (paper §2.1.2, Fig. 2): rows, node numbering, coordinates, control volumes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace tribo {

/// A node by its row (0 = the surface, growing downward) and its index within the row (0 = left edge).
/// The paper counts both from 1: paper row j = row + 1, paper index i = index + 1.
struct NodeRef {
  int row = 0;
  std::int64_t index = 0;
  bool operator==(const NodeRef &o) const { return row == o.row && index == o.index; }
  bool operator!=(const NodeRef &o) const { return !(*this == o); }
};

/// The control volume of a node (Fig. 2, broken lines): a rectangle [x_left, x_right] x [z_top, z_bottom]
/// with z measured downward from the surface. A side that lies on the slab's boundary carries the external
/// traction instead of an interpolated stress.
struct ControlVolume {
  double x_left = 0, x_right = 0, z_top = 0, z_bottom = 0;
  bool on_top = false, on_bottom = false, on_left = false, on_right = false;
  double width() const { return x_right - x_left; }
  double height() const { return z_bottom - z_top; }
  double area() const { return width() * height(); }
};

/// How the rows below the surface coarsen (docs/model.md §2, "hierarchy families").
///
/// `maximal` is the paper's hierarchy (§2.1.2: "the maximum possible number of rows"): below the two top
/// rows every row halves the nodes of the row above, down to a bottom row of three. Its bottom rows are the
/// same few coarse nodes at every N, so refinement never reaches the bulk. `graded` stops the halving after
/// `coarsenings` rows, at a spacing of 2^coarsenings surface spacings, and fills the rest of the depth
/// with rows of that spacing; at fixed `coarsenings`, raising N refines every row.
struct HierarchyFamily {
  enum class Kind { maximal, graded };
  Kind kind = Kind::maximal;
  int coarsenings = 0; ///< graded only: the number of times the spacing doubles below the surface
};

/// Geometry and numbering of the slab's nodes.
///
/// `levels` N gives n_x = 2^N + 1 nodes on the surface. Row 0 is the surface, row 1 has the same spacing,
/// and each further row either doubles the spacing of the row above (stride 2^t: node `index` of the row
/// sits in column index * 2^t of the surface) or keeps it. The vertical gap above row r >= 1 is h times
/// the row's stride, so cells keep the top row's shape h : Delta x_0 (paper Eq. 10: rows r-1, r, r+1 at
/// eta = 0, 1, 3 where the stride doubles, 0, 1, 2 where it does not); h = L_z / sum of the strides.
///
/// The paper's maximal hierarchy (HierarchyFamily::maximal) has N + 1 rows: row r >= 1 has stride 2^(r-1),
/// 2^(N-r+1) + 1 nodes, the bottom row (r = N) three, and L_z = h (2^N - 1).
///
/// Global numbering goes column by column (x first), and within a column from the surface downward, so a
/// contiguous range of global indices is a vertical strip of the slab. Column k holds every row whose
/// stride divides k.
class BinaryHierarchy {
public:
  /// The paper's maximal hierarchy. Throws InputError for levels outside [2, maxLevels()] or non-positive
  /// lengths.
  BinaryHierarchy(int levels, double length_x, double length_z);
  /// Any family. A graded hierarchy needs 0 <= coarsenings <= N - 1 (the coarsest row keeps three nodes),
  /// its graded rows must fit the depth with cells no flatter than the top row's, and it needs at least
  /// three rows; a violation throws InputError naming `slab.coarsenings`.
  BinaryHierarchy(int levels, const HierarchyFamily &family, double length_x, double length_z);

  /// The largest N whose maximal hierarchy (2 dofs per node, at most 2 x 9 entries per dof row) can be
  /// indexed with PETSc's integer type on a single rank.
  static int maxLevels();
  /// 3 * 2^N + N - 1: the maximal hierarchy's rows hold 2(2^N + 1) + sum_{r=2..N} (2^(N-r+1) + 1) nodes.
  static std::int64_t nodeCountFor(int levels);

  int levels() const { return levels_; }
  const HierarchyFamily &family() const { return family_; }
  int rowCount() const { return static_cast<int>(stride_.size()); }
  /// The bottom row's index, rowCount() - 1 (= N for the maximal hierarchy).
  int bottomRow() const { return rowCount() - 1; }
  double lengthX() const { return length_x_; }
  double lengthZ() const { return length_z_; }
  /// n_x = 2^N + 1, the nodes on the surface.
  std::int64_t surfaceNodeCount() const { return (std::int64_t{1} << levels_) + 1; }
  std::int64_t nodeCount() const { return node_count_; }

  std::int64_t nodesInRow(int row) const;
  /// Horizontal spacing Delta x of a row.
  double spacingX(int row) const;
  /// Column stride of a row: node `index` of row r sits in column index * stride(r).
  std::int64_t stride(int row) const { return stride_[row]; }
  /// Depth of a row: z_r = h (sum of the strides of rows 1..r); h (2^r - 1) in the maximal hierarchy.
  double rowDepth(int row) const;
  /// Delta z_r, the gap between row r-1 and row r (r >= 1): h stride(r).
  double gapAbove(int row) const { return h_ * static_cast<double>(stride_[row]); }
  /// h, the gap between the two top rows.
  double topGap() const { return h_; }

  double x(const NodeRef &n) const { return static_cast<double>(column(n)) * spacingX(0); }
  double z(const NodeRef &n) const { return rowDepth(n.row); }
  std::int64_t column(const NodeRef &n) const { return n.index * stride(n.row); }

  /// Number of nodes in column k (the rows whose stride divides k), and the global index of its surface
  /// node.
  int columnHeight(std::int64_t k) const;
  std::int64_t columnOffset(std::int64_t k) const;

  std::int64_t globalIndex(const NodeRef &n) const { return columnOffset(column(n)) + n.row; }
  NodeRef node(std::int64_t global) const;
  /// The column holding global index g (binary search over column offsets).
  std::int64_t columnOfGlobal(std::int64_t global) const;

  /// Control volume: half-way to the row neighbours horizontally; vertically from half the gap above
  /// (z_r - Delta z_r / 2) to half the gap below (z_r + Delta z_{r+1} / 2 = z_r + Delta z_r), cut by the
  /// slab's boundary.
  ControlVolume controlVolume(const NodeRef &n) const;

  /// Neighbours: left/right in the same row (absent at the sides), the node directly above (rows >= 1),
  /// and the one or two nodes of the row below nearest in x (one if the coarser row has a node in this
  /// column, else the two straddling ones). Absent neighbours are not listed.
  std::vector<NodeRef> neighboursInRow(const NodeRef &n) const;
  std::vector<NodeRef> neighboursAbove(const NodeRef &n) const;
  std::vector<NodeRef> neighboursBelow(const NodeRef &n) const;

  /// Columns [first, last) and global indices owned by `rank` of `size` when the nodes are split into
  /// contiguous vertical strips of nearly equal node counts (cuts fall between columns).
  std::array<std::int64_t, 2> ownedColumns(int rank, int size) const;
  std::array<std::int64_t, 2> ownedNodes(int rank, int size) const;

private:
  void build(); // rows, depths and counts from stride_, after validation

  int levels_;
  HierarchyFamily family_;
  double length_x_, length_z_, h_ = 0;
  std::vector<std::int64_t> stride_;     // per row
  std::vector<std::int64_t> stride_sum_; // per row: sum of the strides of rows 1..r (depth in units of h)
  std::vector<int> rows_with_stride_;    // per t: rows whose stride is 2^t
  std::int64_t node_count_ = 0;
};

} // namespace tribo
