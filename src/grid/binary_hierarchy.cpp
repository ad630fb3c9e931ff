// The binary hierarchy of nodes: numbering by columns, coordinates and control volumes (paper §2.1.2).
#include "tribo/grid/binary_hierarchy.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <petscsys.h>

namespace tribo {

namespace {

int trailingZeros(std::uint64_t k) {
  return k == 0 ? 64 : __builtin_ctzll(k);
}
/// ceil(k / 2^t) for k >= 0.
std::int64_t ceilShift(std::int64_t k, int t) {
  return t >= 63 ? (k > 0 ? 1 : 0) : (k + (std::int64_t{1} << t) - 1) >> t;
}

void checkLevelsAndLengths(int levels, double length_x, double length_z);

} // namespace

std::int64_t BinaryHierarchy::nodeCountFor(int levels) {
  return 3 * (std::int64_t{1} << levels) + levels - 1;
}

int BinaryHierarchy::maxLevels() {
  // A run on one rank holds every dof row; each has at most 2 x 9 entries (two components of the nine
  // nodes of a bi-quadratic stencil). Both the dof count and the entry count must fit PetscInt.
  const double limit = static_cast<double>(PETSC_MAX_INT);
  int n = 2;
  while (n < 60 && 18.0 * 2.0 * static_cast<double>(nodeCountFor(n + 1)) <= limit)
    ++n;
  return n;
}

namespace {

void checkLevelsAndLengths(int levels, double length_x, double length_z) {
  if (levels < 2 || levels > BinaryHierarchy::maxLevels())
    throw InputError(fmt::format("slab levels = {} is outside the allowed range [2, {}] (at least three "
                                 "rows; at most what PETSc's {}-bit indices can number)",
                                 levels, BinaryHierarchy::maxLevels(), 8 * sizeof(PetscInt)));
  if (!(length_x > 0) || !std::isfinite(length_x))
    throw InputError(fmt::format("slab length_x = {} must be in (0, inf)", length_x));
  if (!(length_z > 0) || !std::isfinite(length_z))
    throw InputError(fmt::format("slab depth L_z = {} must be in (0, inf)", length_z));
}

} // namespace

BinaryHierarchy::BinaryHierarchy(int levels, double length_x, double length_z)
    : BinaryHierarchy(levels, HierarchyFamily{}, length_x, length_z) {}

BinaryHierarchy::BinaryHierarchy(int levels, const HierarchyFamily &family, double length_x, double length_z)
    : levels_(levels), family_(family), length_x_(length_x), length_z_(length_z) {
  checkLevelsAndLengths(levels, length_x, length_z);
  // Rows 0 and 1 at the surface spacing; then one row per doubling (rows 1 .. c + 1 have strides
  // 1 .. 2^c); the graded family then repeats the coarsest stride.
  const int c = family.kind == HierarchyFamily::Kind::maximal ? levels - 1 : family.coarsenings;
  if (c < 0 || c > levels - 1)
    throw InputError(fmt::format("slab coarsenings = {} is outside the allowed range [0, {}] for levels = {} "
                                 "(the coarsest row 2^(levels - coarsenings) + 1 must keep at least three "
                                 "nodes)",
                                 c, levels - 1, levels));
  stride_.push_back(1);
  for (int t = 0; t <= c; ++t)
    stride_.push_back(std::int64_t{1} << t);
  if (family.kind == HierarchyFamily::Kind::graded) {
    // Square cells: the strides should sum to L_z / Delta x_0 = (L_z / L_x) 2^N. The graded rows give
    // 2^(c+1) - 1; the rest is filled with rows of stride 2^c (rounded to the nearest count).
    const double target = length_z / length_x * std::ldexp(1.0, levels);
    const double graded = std::ldexp(1.0, c + 1) - 1.0;
    const double fill = std::round((target - graded) / std::ldexp(1.0, c));
    if (fill < 0)
      throw InputError(fmt::format(
          "slab coarsenings = {}: the graded rows need a depth of {:.4g} surface spacings, more than the "
          "slab's L_z = {:.4g} of them (aspect_ratio = {}); use coarsenings <= {}",
          c, graded, target, length_z / length_x, static_cast<int>(std::floor(std::log2(target + 1.0))) - 1));
    // Bounded so that the node count below cannot overflow: every row has at most n_x nodes.
    if (fill > static_cast<double>(PETSC_MAX_INT) / 36.0)
      throw InputError(fmt::format("slab coarsenings = {} with levels = {} needs {:.3g} rows, more than "
                                   "PETSc's indices can number",
                                   c, levels, fill));
    stride_.insert(stride_.end(), static_cast<std::size_t>(fill), std::int64_t{1} << c);
  }
  if (rowCount() < 3)
    throw InputError(fmt::format("slab coarsenings = {} with levels = {} gives {} rows; every stencil needs "
                                 "three (raise coarsenings or aspect_ratio)",
                                 c, levels, rowCount()));
  build();
  if (36.0 * static_cast<double>(node_count_) > static_cast<double>(PETSC_MAX_INT))
    throw InputError(
        fmt::format("slab levels = {} with coarsenings = {} has {} nodes, more than PETSc's "
                    "{}-bit indices can number (at most 2 x 9 entries in each of 2 rows per node)",
                    levels, c, node_count_, 8 * sizeof(PetscInt)));
}

void BinaryHierarchy::build() {
  stride_sum_.assign(stride_.size(), 0);
  for (std::size_t r = 1; r < stride_.size(); ++r)
    stride_sum_[r] = stride_sum_[r - 1] + stride_[r];
  // L_z = h (sum of strides); 2^N - 1 for the maximal hierarchy.
  h_ = length_z_ / static_cast<double>(stride_sum_.back());
  rows_with_stride_.assign(static_cast<std::size_t>(levels_) + 1, 0);
  node_count_ = 0;
  for (int r = 0; r < rowCount(); ++r) {
    ++rows_with_stride_[static_cast<std::size_t>(trailingZeros(static_cast<std::uint64_t>(stride_[r])))];
    node_count_ += nodesInRow(r);
  }
}

std::int64_t BinaryHierarchy::nodesInRow(int row) const {
  return (std::int64_t{1} << levels_) / stride_[row] + 1;
}

double BinaryHierarchy::spacingX(int row) const {
  return length_x_ / static_cast<double>(std::int64_t{1} << levels_) * static_cast<double>(stride(row));
}

double BinaryHierarchy::rowDepth(int row) const {
  if (row == bottomRow()) return length_z_; // exact at the bottom, free of round-off
  return h_ * static_cast<double>(stride_sum_[row]);
}

int BinaryHierarchy::columnHeight(std::int64_t k) const {
  // Strides grow down the column, so the rows present are those whose stride 2^t has t <= tz(k).
  const int tz = std::min(trailingZeros(static_cast<std::uint64_t>(k)), levels_);
  int h = 0;
  for (int t = 0; t <= tz; ++t)
    h += rows_with_stride_[static_cast<std::size_t>(t)];
  return h;
}

std::int64_t BinaryHierarchy::columnOffset(std::int64_t k) const {
  // Columns before k hold, for each row of stride 2^t, the multiples of 2^t in [0, k - 1]: ceil(k / 2^t).
  if (k <= 0) return 0;
  std::int64_t offset = 0;
  for (int t = 0; t <= levels_; ++t)
    if (rows_with_stride_[static_cast<std::size_t>(t)] > 0)
      offset += rows_with_stride_[static_cast<std::size_t>(t)] * ceilShift(k, t);
  return offset;
}

std::int64_t BinaryHierarchy::columnOfGlobal(std::int64_t global) const {
  std::int64_t lo = 0, hi = surfaceNodeCount() - 1; // largest k with columnOffset(k) <= global
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo + 1) / 2;
    if (columnOffset(mid) <= global)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

NodeRef BinaryHierarchy::node(std::int64_t global) const {
  const std::int64_t k = columnOfGlobal(global);
  NodeRef n;
  n.row = static_cast<int>(global - columnOffset(k));
  n.index = k / stride(n.row);
  return n;
}

ControlVolume BinaryHierarchy::controlVolume(const NodeRef &n) const {
  ControlVolume cv;
  const double x0 = x(n), dx = spacingX(n.row), z0 = z(n);
  cv.on_left = n.index == 0;
  cv.on_right = n.index == nodesInRow(n.row) - 1;
  cv.on_top = n.row == 0;
  cv.on_bottom = n.row == bottomRow();
  cv.x_left = cv.on_left ? 0.0 : x0 - 0.5 * dx;
  cv.x_right = cv.on_right ? length_x_ : x0 + 0.5 * dx;
  // Half-way to the row above (gap Delta z_r) and to the row below (gap Delta z_{r+1} = 2 Delta z_r).
  cv.z_top = cv.on_top ? 0.0 : z0 - 0.5 * gapAbove(n.row);
  cv.z_bottom = cv.on_bottom ? length_z_ : z0 + 0.5 * gapAbove(n.row + 1);
  return cv;
}

std::vector<NodeRef> BinaryHierarchy::neighboursInRow(const NodeRef &n) const {
  std::vector<NodeRef> out;
  if (n.index > 0) out.push_back({n.row, n.index - 1});
  if (n.index + 1 < nodesInRow(n.row)) out.push_back({n.row, n.index + 1});
  return out;
}

std::vector<NodeRef> BinaryHierarchy::neighboursAbove(const NodeRef &n) const {
  if (n.row == 0) return {};
  // Every column of a row also exists in all rows above it.
  return {NodeRef{n.row - 1, column(n) / stride(n.row - 1)}};
}

std::vector<NodeRef> BinaryHierarchy::neighboursBelow(const NodeRef &n) const {
  if (n.row == bottomRow()) return {};
  const std::int64_t k = column(n), s = stride(n.row + 1);
  if (k % s == 0) return {NodeRef{n.row + 1, k / s}};
  return {NodeRef{n.row + 1, k / s}, NodeRef{n.row + 1, k / s + 1}};
}

std::array<std::int64_t, 2> BinaryHierarchy::ownedColumns(int rank, int size) const {
  // Rank p starts at the first column whose first node is at or after p * total / size.
  auto firstColumnFrom = [&](std::int64_t target) {
    std::int64_t lo = 0, hi = surfaceNodeCount(); // columnOffset(n_x) = total
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (columnOffset(mid) >= target)
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  };
  auto share = [&](int p) {
    return static_cast<std::int64_t>((static_cast<long double>(node_count_) * p) / size);
  };
  return {firstColumnFrom(share(rank)),
          rank + 1 == size ? surfaceNodeCount() : firstColumnFrom(share(rank + 1))};
}

std::array<std::int64_t, 2> BinaryHierarchy::ownedNodes(int rank, int size) const {
  const auto cols = ownedColumns(rank, size);
  return {columnOffset(cols[0]), columnOffset(cols[1])};
}

} // namespace tribo
