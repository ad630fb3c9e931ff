// Where the condensed tableau's rows live on the ranks of a case, and how a solve's outputs and a
// pivot's rows reach every rank (docs/model.md §16, "Distribution").
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <mpi.h>
#include <vector>

namespace tribo {

/// Where the tableau's rows live: `automatic` shares them on a node when every rank of the case is on one,
/// `row_blocks` keeps a private block per rank always (the placement across nodes; for comparisons).
enum class TableauPlacement { automatic, row_blocks };

/// The tableau is 2 n_x rows by 2m columns, column-major; rank r computes and updates the rows
/// [row_begins[r], row_begins[r + 1]) (its pivots' and solves' share). The storage decides where the
/// rows are kept and what a solve's end costs:
///  - RowBlockTableau: each rank keeps its own rows; a solve's outputs are gathered (MPI_Allgatherv).
///    Any placement of the ranks (across nodes).
///  - NodeSharedTableau: one array in MPI-3 shared memory for ranks on one node; every rank reads every
///    row in place, so a column is read without a collective and a solve's end is one barrier.
/// Every row is computed by the same arithmetic either way, so the results are the same to the last bit.
class TableauStorage {
public:
  virtual ~TableauStorage() = default;
  /// Room for rows x cols (contents undefined), rank r owning [row_begins[r], row_begins[r + 1]).
  /// Collective.
  virtual void allocate(std::size_t rows, std::size_t cols, const std::vector<int> &row_begins) = 0;
  /// This rank's rows of column j; column j + 1's start ld() further.
  double *local(std::size_t j) { return local_ + j * ld_; }
  const double *local(std::size_t j) const { return local_ + j * ld_; }
  std::size_t ld() const { return ld_; }
  std::size_t localRows() const { return local_rows_; }
  /// Every row of column j, in place; nullptr where this rank holds only its own rows.
  virtual const double *column(std::size_t j) const = 0;
  /// Before and after this rank's rows change: every rank's reads of the old rows and writes of the new
  /// ones are done (a barrier where the rows are shared; nothing where they are private). Collective.
  virtual void fence() = 0;
  /// A solve's outputs: this rank writes its rows of output c (c < 2) at outputRows(c), then output
  /// returns every row of outputs [first, first + count) on every rank (the others' entries undefined),
  /// valid until the next solve writes the same output. Collective.
  virtual double *outputRows(int c) = 0;
  virtual std::array<const double *, 2> output(int first, int count) = 0;
  /// The same solve's output c without a collective, indexed by row as output's: only this rank's rows
  /// are its (the others undefined), for a reader of those alone (a slip over the nodes of its rows,
  /// StateShare). Valid until the next solve writes output c.
  virtual const double *ownOutput(int c) const = 0;
  /// The rows `dofs` (sorted) of every column, row-major (row s at [s cols, (s + 1) cols)), on every rank.
  /// Collective.
  virtual void rows(const std::vector<std::size_t> &dofs, std::vector<double> &packed) = 0;
  /// This rank's rows as one column-major block (for a checkpoint), and back.
  std::vector<double> localCopy() const;
  void assignLocal(const std::vector<double> &block);
  /// Memory this rank's rows take (and its output buffers) [bytes].
  virtual std::size_t bytes() const = 0;
  /// "shared on the node" or "row blocks".
  virtual const char *name() const = 0;
  /// Gives the rows' memory back, every MPI call checked (the destructor cannot throw). Collective.
  virtual void release() {}

  /// The strategy for a rows x cols tableau on `comm`: the shared array when its ranks share one node,
  /// `placement` allows it and the node's shared memory (/dev/shm, where MPI maps the window) has room
  /// for it, else a row block per rank. Collective.
  static std::unique_ptr<TableauStorage> make(MPI_Comm comm, TableauPlacement placement, std::size_t rows,
                                              std::size_t cols);
  /// Whether every rank of `comm` is on one node (an MPI-3 shared-memory group). Collective.
  static bool onOneNode(MPI_Comm comm);

protected:
  explicit TableauStorage(MPI_Comm comm);
  void setRows(std::size_t rows, std::size_t cols, const std::vector<int> &row_begins);

  MPI_Comm comm_;
  int rank_ = 0, ranks_ = 1;
  std::size_t rows_ = 0, cols_ = 0, row_begin_ = 0, local_rows_ = 0;
  std::vector<int> row_begins_, row_counts_;
  double *local_ = nullptr;
  std::size_t ld_ = 0;
};

} // namespace tribo
