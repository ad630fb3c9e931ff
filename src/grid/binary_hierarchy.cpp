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
int popcount(std::uint64_t k) {
  return __builtin_popcountll(k);
}

/// sum_{t=1..M} floor(m / 2^t), in O(1): Legendre's sum_{t>=1} floor(m / 2^t) = m - popcount(m), minus the
/// tail t > M, which is the same sum for q = floor(m / 2^M).
std::int64_t truncatedHalvingSum(std::uint64_t m, int M) {
  const std::uint64_t q = M >= 64 ? 0 : (m >> M);
  return static_cast<std::int64_t>((m - popcount(m)) - (q - popcount(q)));
}

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

BinaryHierarchy::BinaryHierarchy(int levels, double length_x, double length_z)
    : levels_(levels), length_x_(length_x), length_z_(length_z) {
  if (levels < 2 || levels > maxLevels())
    throw InputError(fmt::format("slab levels = {} is outside the allowed range [2, {}] (at least three "
                                 "rows; at most what PETSc's {}-bit indices can number)",
                                 levels, maxLevels(), 8 * sizeof(PetscInt)));
  if (!(length_x > 0) || !std::isfinite(length_x))
    throw InputError(fmt::format("slab length_x = {} must be in (0, inf)", length_x));
  if (!(length_z > 0) || !std::isfinite(length_z))
    throw InputError(fmt::format("slab depth L_z = {} must be in (0, inf)", length_z));
  // L_z = h (1 + 2 + ... + 2^(N-1)) = h (2^N - 1).
  h_ = length_z / static_cast<double>((std::int64_t{1} << levels) - 1);
  node_count_ = nodeCountFor(levels);
}

std::int64_t BinaryHierarchy::stride(int row) const {
  return row <= 1 ? 1 : std::int64_t{1} << (row - 1);
}

std::int64_t BinaryHierarchy::nodesInRow(int row) const {
  return row <= 1 ? surfaceNodeCount() : (std::int64_t{1} << (levels_ - row + 1)) + 1;
}

double BinaryHierarchy::spacingX(int row) const {
  return length_x_ / static_cast<double>(std::int64_t{1} << levels_) * static_cast<double>(stride(row));
}

double BinaryHierarchy::rowDepth(int row) const {
  if (row == levels_) return length_z_; // exact at the bottom, free of round-off
  return h_ * static_cast<double>((std::int64_t{1} << row) - 1);
}

double BinaryHierarchy::gapAbove(int row) const {
  return h_ * static_cast<double>(std::int64_t{1} << (row - 1));
}

int BinaryHierarchy::columnHeight(std::int64_t k) const {
  return 2 + std::min(trailingZeros(static_cast<std::uint64_t>(k)), levels_ - 1);
}

std::int64_t BinaryHierarchy::columnOffset(std::int64_t k) const {
  // Columns before k: two surface rows each, plus sum_{k'<k} min(tz(k'), N-1) deeper nodes. Column 0
  // contributes N-1; for 1 <= k' < k, min(tz(k'), N-1) = #{t in 1..N-1 : 2^t | k'}, and summing over k'
  // counts, for each t, the multiples of 2^t in [1, k-1].
  if (k <= 0) return 0;
  return 2 * k + (levels_ - 1) + truncatedHalvingSum(static_cast<std::uint64_t>(k - 1), levels_ - 1);
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
  cv.on_bottom = n.row == levels_;
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
  if (n.row == levels_) return {};
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
