// The surface state shared out among the ranks of one case (docs/model.md §16, "The state shared").
#include "tribo/contact/state_share.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <array>

namespace tribo {

namespace {

// One exchange carries this many candidates per rank, after their number and the rank's extreme value;
// more tie on one rank only where nodes are mirror images, and then a second exchange settles it.
constexpr std::size_t carried = 2;
// A candidate as the ranks exchange it: node, type, value, then what travels with it (a violation: the
// node's u, w, fx, fz).
constexpr std::size_t violation_fields = 7, trigger_fields = 3;

template <class Entry> void packEntry(const Entry &e, double *out) {
  out[0] = static_cast<double>(e.node), out[1] = static_cast<double>(static_cast<int>(e.type));
  out[2] = e.value();
}
template <class Entry> Entry unpackEntry(const double *in) { // Violation and Trigger: {type, node, value}
  return Entry{static_cast<EventType>(static_cast<int>(in[1])), static_cast<int>(in[0]), in[2]};
}

// The winner over every rank of `comm` (StateShare::agree): one exchange of each rank's extreme and
// candidates, from which every rank picks the same winner (the ranks hold increasing nodes, so the first
// candidate, in rank order, that ties with the extreme of all is the lowest such node); a second exchange
// of each rank's winner against that extreme where a rank that can hold it had more candidates than it
// carried. `pack(e, out)` writes the `fields` doubles of a candidate, `unpack(in)` reads them.
template <class Rule, class Pack, class Unpack>
typename Rule::entry_type agreeOn(MPI_Comm comm, int ranks, const Rule &mine, std::size_t fields,
                                  std::vector<double> &record, std::vector<double> &all, Pack pack,
                                  Unpack unpack) {
  using Order = typename Rule::order;
  const auto &candidates = mine.candidates();
  const std::size_t record_fields = 2 + carried * fields;
  record.assign(record_fields, 0.0);
  record[0] = static_cast<double>(candidates.size()), record[1] = mine.extreme();
  for (std::size_t c = 0; c < std::min(candidates.size(), carried); ++c)
    pack(candidates[c], record.data() + 2 + c * fields);
  all.resize(std::max(all.size(), record_fields * static_cast<std::size_t>(ranks)));
  TRIBO_MPI_CALL(MPI_Allgather(record.data(), static_cast<int>(record_fields), MPI_DOUBLE, all.data(),
                               static_cast<int>(record_fields), MPI_DOUBLE, comm));
  auto rankRecord = [&](int r) { return all.data() + record_fields * static_cast<std::size_t>(r); };
  double extreme = Order::none;
  for (int r = 0; r < ranks; ++r)
    if (Order::better(rankRecord(r)[1], extreme)) extreme = rankRecord(r)[1];
  if (extreme == Order::none) return {}; // nothing anywhere
  bool carried_all = true;               // by every rank that can hold the winner
  for (int r = 0; r < ranks; ++r)
    if (rankRecord(r)[0] > carried && Order::ties(rankRecord(r)[1], extreme)) carried_all = false;
  if (carried_all) {
    for (int r = 0; r < ranks; ++r) {
      const double *got = rankRecord(r);
      for (std::size_t c = 0; c < std::min(static_cast<std::size_t>(got[0]), carried); ++c)
        if (const double *candidate = got + 2 + c * fields; Order::ties(candidate[2], extreme))
          return unpack(candidate);
    }
  } else {
    record.assign(fields, 0.0);
    record[0] = -1; // none here
    if (const auto w = mine.winner(extreme); w.node >= 0) pack(w, record.data());
    TRIBO_MPI_CALL(MPI_Allgather(record.data(), static_cast<int>(fields), MPI_DOUBLE, all.data(),
                                 static_cast<int>(fields), MPI_DOUBLE, comm));
    for (int r = 0; r < ranks; ++r)
      if (const double *got = all.data() + fields * static_cast<std::size_t>(r); got[0] >= 0)
        return unpack(got);
  }
  throw SolverError("the ranks found an extreme value but no node holds it"); // not reached
}

} // namespace

StateShare::StateShare(MPI_Comm comm, std::vector<std::size_t> begins)
    : comm_(comm), first_(std::move(begins)) {
  TRIBO_MPI_CALL(MPI_Comm_rank(comm_, &rank_));
  TRIBO_MPI_CALL(MPI_Comm_size(comm_, &ranks_));
  const auto p = static_cast<std::size_t>(ranks_);
  if (first_.size() != p + 1 || first_[0] != 0 || !std::is_sorted(first_.begin(), first_.end()))
    throw SolverError("StateShare: the ranks' node ranges must start at 0 and follow each other");
  packed_.resize(4 * first_[p]);
  counts_.resize(p);
  displs_.resize(p);
  for (std::size_t r = 0; r < p; ++r) {
    counts_[r] = static_cast<int>(4 * (first_[r + 1] - first_[r]));
    displs_[r] = static_cast<int>(4 * first_[r]);
  }
}

Violation StateShare::agree(const MostOffending &mine, const SurfaceState &state, NodeState &at) const {
  auto pack = [&](const Violation &v, double *out) {
    packEntry(v, out);
    const auto k = static_cast<std::size_t>(v.node);
    out[3] = state.u[k], out[4] = state.w[k], out[5] = state.fx[k], out[6] = state.fz[k];
  };
  auto unpack = [&](const double *in) {
    at = {in[3], in[4], in[5], in[6]};
    return unpackEntry<Violation>(in);
  };
  return agreeOn(comm_, ranks_, mine, violation_fields, record_, packed_, pack, unpack);
}

Trigger StateShare::agree(const FirstTrigger &mine) const {
  return agreeOn(comm_, ranks_, mine, trigger_fields, record_, packed_, packEntry<Trigger>,
                 unpackEntry<Trigger>);
}

void StateShare::complete(SurfaceState &state) const {
  const std::size_t f = first(), n = end() - f;
  std::array<std::vector<double> *, 4> fields{&state.u, &state.w, &state.fx, &state.fz};
  for (std::size_t c = 0; c < 4; ++c)
    std::copy(fields[c]->begin() + static_cast<std::ptrdiff_t>(f),
              fields[c]->begin() + static_cast<std::ptrdiff_t>(f + n),
              packed_.begin() + static_cast<std::ptrdiff_t>(4 * f + c * n));
  TRIBO_MPI_CALL(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, packed_.data(), counts_.data(),
                                displs_.data(), MPI_DOUBLE, comm_));
  for (int r = 0; r < ranks_; ++r) {
    const std::size_t rf = first_[static_cast<std::size_t>(r)],
                      rn = first_[static_cast<std::size_t>(r) + 1] - rf;
    for (std::size_t c = 0; c < 4; ++c)
      std::copy(packed_.begin() + static_cast<std::ptrdiff_t>(4 * rf + c * rn),
                packed_.begin() + static_cast<std::ptrdiff_t>(4 * rf + (c + 1) * rn),
                fields[c]->begin() + static_cast<std::ptrdiff_t>(rf));
  }
}

std::pair<std::size_t, std::size_t> StateShare::parts(std::size_t c0, std::size_t c1, std::size_t chunk,
                                                      int rank) const {
  // The parts whose first node c chunk is in [first, end): c in [ceil(first / chunk), ceil(end / chunk)).
  const auto r = static_cast<std::size_t>(rank);
  auto part = [&](std::size_t node) { return std::clamp((node + chunk - 1) / chunk, c0, c1); };
  return {part(first_[r]), part(first_[r + 1])};
}

void StateShare::gatherParts(double *values, std::size_t c0, std::size_t c1, std::size_t chunk,
                             std::size_t fields, std::size_t node, double *carried, std::size_t count) const {
  const auto p = static_cast<std::size_t>(ranks_);
  part_counts_.resize(p);
  part_displs_.resize(p);
  if (!carried) count = 0;
  // Rank r's block: its parts' values, then (where carried) its `count` values.
  auto block = [&](std::size_t r) {
    const auto [lo, hi] = parts(c0, c1, chunk, static_cast<int>(r));
    return std::array<std::size_t, 3>{(lo - c0) * fields, (hi - lo) * fields, (lo - c0) * fields + r * count};
  };
  for (std::size_t r = 0; r < p; ++r) {
    const auto [at, n, displ] = block(r);
    part_counts_[r] = static_cast<int>(n + count);
    part_displs_[r] = static_cast<int>(displ);
  }
  if (count == 0) {
    TRIBO_MPI_CALL(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, values, part_counts_.data(),
                                  part_displs_.data(), MPI_DOUBLE, comm_));
    return;
  }
  parts_.resize((c1 - c0) * fields + p * count);
  {
    const auto [at, n, displ] = block(static_cast<std::size_t>(rank_));
    std::copy(values + at, values + at + n, parts_.begin() + static_cast<std::ptrdiff_t>(displ));
    std::copy(carried, carried + count, parts_.begin() + static_cast<std::ptrdiff_t>(displ + n));
  }
  TRIBO_MPI_CALL(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, parts_.data(), part_counts_.data(),
                                part_displs_.data(), MPI_DOUBLE, comm_));
  for (std::size_t r = 0; r < p; ++r) {
    const auto [at, n, displ] = block(r);
    const double *got = parts_.data() + displ;
    std::copy(got, got + n, values + at);
    if (node >= first_[r] && node < first_[r + 1]) std::copy(got + n, got + n + count, carried);
  }
}

} // namespace tribo
