// The slips' pass over the surface state and the search for the most offending node, shared out among
// the ranks of one case (issue 20, goal 6; docs/model.md §16, "The state shared"). Between two changes
// of the contact set an avalanche is a run of slips, each a pass over every node's state and a scan of
// every node: rank r does both for its own nodes only (those whose tableau rows it computes), and the ranks
// then agree on the most offending node in one small collective (two where more than two of a rank's nodes
// tie). The whole state is given to every rank again (complete) before anything else reads it. The next
// event's search over the surface is shared out the same way.
#pragma once

#include "tribo/contact/most_offending.hpp"
#include "tribo/slab/slab_system.hpp"

#include <cstddef>
#include <mpi.h>
#include <utility>
#include <vector>

namespace tribo {

class StateShare {
public:
  /// The top nodes shared out among the ranks of `comm` in contiguous ranges in rank order: rank r holds
  /// [begins[r], begins[r + 1]), begins[0] = 0 and the last the node count (the communicator is used,
  /// not owned: it must outlive this).
  StateShare(MPI_Comm comm, std::vector<std::size_t> begins);

  /// This rank's nodes [first, end).
  std::size_t first() const { return first_[rank_]; }
  std::size_t end() const { return first_[rank_ + 1]; }

  /// A node's state as it travels with an agreed violation: the slip that follows reads it.
  struct NodeState {
    double u = 0, w = 0, fx = 0, fz = 0;
  };
  /// The most offending node over every rank (collective): the largest violation of all the ranks'
  /// scans, then the lowest node within the tie tolerance of it (most_offending.hpp), the same node as
  /// one scan of every node picks; `at` is its state in `state` on the rank that holds it.
  Violation agree(const MostOffending &mine, const SurfaceState &state, NodeState &at) const;
  /// The next event over every rank (collective), by the same rule: the smallest step of all, then the
  /// lowest node that ties with it (node -1: none anywhere).
  Trigger agree(const FirstTrigger &mine) const;
  /// Every rank's nodes of u, w, fx, fz to every rank (collective).
  void complete(SurfaceState &state) const;

  /// Parts [c0, c1) of a sum over the nodes in chunks of `chunk` nodes (a slip's contact forces,
  /// slip_kernel.hpp; part c holds nodes [c chunk, (c + 1) chunk)), each summed by the rank that holds its
  /// first node: those of `rank` (this rank's by default), contiguous, in rank order (a rank may have none).
  std::pair<std::size_t, std::size_t> parts(std::size_t c0, std::size_t c1, std::size_t chunk) const {
    return parts(c0, c1, chunk, rank_);
  }
  std::pair<std::size_t, std::size_t> parts(std::size_t c0, std::size_t c1, std::size_t chunk,
                                            int rank) const;
  /// Every rank's parts of `values` (`fields` values per part, part c0's first) to every rank
  /// (collective); with them, where `carried` is given, its `count` values travel from the rank that
  /// holds node `node` to every rank (a slip's columns at the slipping node, where each rank computed only
  /// its own rows).
  void gatherParts(double *values, std::size_t c0, std::size_t c1, std::size_t chunk, std::size_t fields,
                   std::size_t node = 0, double *carried = nullptr, std::size_t count = 0) const;

private:
  MPI_Comm comm_;
  int rank_ = 0, ranks_ = 1;
  std::vector<std::size_t> first_;              // every rank's first node, then the node count
  mutable std::vector<double> packed_, record_; // work of the exchanges
  mutable std::vector<int> counts_, displs_, part_counts_, part_displs_;
  mutable std::vector<double> parts_; // work of gatherParts
};

} // namespace tribo
