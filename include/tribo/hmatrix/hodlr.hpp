// A hierarchical off-diagonal low-rank (HODLR) matrix (docs/model.md §16.1; issue 20, goals 2 and 3): a
// square matrix over a range of dofs, halved recursively on node boundaries down to dense leaves, each
// pair of off-diagonal blocks held as low-rank factors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace tribo {

/// How a HODLR matrix is split and truncated.
struct HodlrOptions {
  int dofs_per_node = 2; // the splits fall between nodes, never between a node's dofs
  int leaf_nodes = 32;   // a range of at most this many nodes is a dense leaf
  /// Every off-diagonal block B is replaced by U V^T with ||B - U V^T||_2 <= 1.1 tolerance ||A||_2
  /// (||A||_2 estimated by power iteration); 0 keeps every block to round-off.
  double tolerance = 1e-12;
};

/// The largest and mean rank of the off-diagonal blocks at one level of the tree (level 0: the two
/// blocks of the whole range).
struct HodlrLevelRanks {
  int blocks = 0;
  int max_rank = 0;
  double mean_rank = 0;
};

/// y = A x (transposed false) or y = A^T x, for nrhs columns of n rows (x and y with leading dimension n).
using HodlrBlockOperator = std::function<void(bool transposed, int nrhs, const double *x, double *y)>;

/// A square n x n matrix A in HODLR form. Node of the tree over the dof range [first, first + n), split
/// into halves 1 and 2 of n1 and n2 dofs:
///     A = [A11, U1 V2^T; U2 V1^T, A22],
/// A11, A22 again HODLR (or dense at a leaf), U1 (n1 x r12) with orthonormal columns, V2 (n2 x r12) the
/// block's singular values times its right vectors, likewise U2 (n2 x r21), V1 (n1 x r21). All column major.
class HodlrMatrix {
public:
  /// One node of the binary tree: a leaf holds its dense block; an internal node its two children and
  /// the factors of its two off-diagonal blocks.
  struct Node {
    std::int64_t first = 0, size = 0; // dof range, relative to the whole matrix
    int child[2] = {-1, -1};          // indices into nodes(); -1 at a leaf
    int level = 0;
    std::vector<double> dense;  // size x size, leaf only
    int rank12 = 0, rank21 = 0; // A12 = U1 V2^T, A21 = U2 V1^T
    std::vector<double> u1, v2; // n1 x rank12, n2 x rank12
    std::vector<double> u2, v1; // n2 x rank21, n1 x rank21
    bool leaf() const { return child[0] < 0; }
  };

  HodlrMatrix() = default;

  /// The HODLR form of the dense column-major n x n matrix a (leading dimension lda): every off-diagonal
  /// block's range found by a randomized range finder until the 2-norm of the remainder (power iteration) is
  /// below 0.1 tolerance ||A||_2, then cut to the singular values above tolerance ||A||_2 (LAPACK dgesvd of
  /// the small projected block). n must be a whole number of nodes.
  static HodlrMatrix fromDense(const double *a, std::int64_t n, std::int64_t lda,
                               const HodlrOptions &options);

  /// The HODLR form of an operator known only by its products with blocks of vectors (randomized
  /// peeling: Lin, Lu, Ying, J. Comput. Phys. 230 (2011) 4071; src/hmatrix/hodlr_peeling.cpp): level by
  /// level from the root, every block of the level sampled at once by rank_bound + oversampling Gaussian
  /// columns, the coarser levels' blocks subtracted, then the leaves by unit columns. Truncated as
  /// fromDense (tolerance relative to ||A||_2 from power iteration); a block whose rank above the cut
  /// exceeds rank_bound within its samples is a SolverError (the bound was too small; seen only with
  /// oversampling >= 1, and with p extra samples a rank up to rank_bound + p is seen). 4 (rank_bound +
  /// oversampling) products per level, plus the largest leaf's size and the power iteration's.
  static HodlrMatrix fromProducts(std::int64_t n, const HodlrBlockOperator &apply, int rank_bound,
                                  int oversampling, const HodlrOptions &options);

  std::int64_t size() const { return n_; }
  const HodlrOptions &options() const { return options_; }
  /// The tree: nodes()[0] is the root, and every child comes after its parent.
  const std::vector<Node> &nodes() const { return nodes_; }
  int levels() const; // levels of internal nodes (0 when the root is a leaf)
  /// The estimate of ||A||_2 the truncation was relative to (fromDense; 0 at tolerance 0).
  double norm2Estimate() const { return norm2_; }

  /// y = A x.
  void multiply(const double *x, double *y) const;
  /// Y = A X for nrhs columns (leading dimensions ldx, ldy >= n).
  void multiply(int nrhs, const double *x, std::int64_t ldx, double *y, std::int64_t ldy) const;
  /// Y = A X where only some rows of Y are wanted (rows[i] != 0) and X is zero wherever columns[j] == 0
  /// (the caller's promise): the subtrees and blocks that would write no wanted row or read only such
  /// zeros are skipped. The other rows of Y are left unspecified. For the compressed contact
  /// path's d_F = C_FH f_H (the forces held inside the contact, the displacements wanted outside it), which
  /// skips most of the tree away from the contact's edges.
  void multiplySparse(int nrhs, const double *x, std::int64_t ldx, double *y, std::int64_t ldy,
                      const std::vector<char> &rows, const std::vector<char> &columns) const;
  /// Y = A^T X for nrhs columns.
  void multiplyTransposed(int nrhs, const double *x, std::int64_t ldx, double *y, std::int64_t ldy) const;
  /// Column j of A into out (n entries), from the factors along the path to j's leaf.
  void column(std::int64_t j, double *out) const;
  /// Row i of A into out (n entries), likewise.
  void row(std::int64_t i, double *out) const;
  /// A_ij, from the one block that holds it.
  double entry(std::int64_t i, std::int64_t j) const;
  /// The whole matrix, column major (tests and small cases).
  std::vector<double> toDense() const;
  /// The principal submatrix A_KK of the dofs with keep[i] != 0 (in order), in HODLR form with the same
  /// tree: every block restricted to the kept rows and columns (so its rank is at most the block's; U no
  /// longer orthonormal), a node with one half empty replaced by its other half. O(storage); the contact
  /// block of a contact set is the compliance's principal submatrix on its held dofs (docs/model.md §16.2).
  HodlrMatrix principal(const std::vector<char> &keep) const;

  /// Bytes of the leaves and factors.
  std::size_t bytes() const;
  /// Ranks per level of the tree.
  std::vector<HodlrLevelRanks> levelRanks() const;

private:
  std::int64_t n_ = 0;
  double norm2_ = 0;
  HodlrOptions options_;
  std::vector<Node> nodes_;

  /// The tree over [0, n) with its ranges and levels, every block still to fill.
  static HodlrMatrix skeleton(std::int64_t n, const HodlrOptions &options);
  /// y -= (the off-diagonal blocks of the levels above `level`) x, or their transposes.
  void subtractLevelsAbove(int level, bool transposed, int nrhs, const double *x, double *y) const;
  /// The node's off-diagonal blocks (or their transposes) times alpha x added to y, x and y at its first row.
  void addOffDiagonal(const Node &t, bool transposed, double alpha, int nrhs, const double *x,
                      std::int64_t ldx, double *y, std::int64_t ldy, bool to_half1 = true,
                      bool to_half2 = true) const;
  void multiplyNode(int node, bool transposed, int nrhs, const double *x, std::int64_t ldx, double *y,
                    std::int64_t ldy) const;
  /// How many of [first, first + size) are flagged, from prefix counts.
  struct RangeCount {
    std::vector<std::int64_t> before;
    explicit RangeCount(const std::vector<char> &flags);
    bool any(std::int64_t first, std::int64_t size) const { return before[first + size] > before[first]; }
  };
  void multiplyNodeSparse(int node, int nrhs, const double *x, std::int64_t ldx, double *y, std::int64_t ldy,
                          const RangeCount &rows, const RangeCount &columns) const;
};

} // namespace tribo
