// The compressed path: the slab's surface compliance in HODLR form and solves with its contact block.
#include "tribo/contact/compressed_surface_solver.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log_stage.hpp"
#include "tribo/io/state_archive.hpp"

#include <algorithm>

namespace tribo {

namespace {

struct CompressedLogStages {
  PetscLogStage compression = -1, contact_set = -1, block_solve = -1, product = -1;
};

const CompressedLogStages &logStages() {
  static CompressedLogStages stages;
  if (stages.compression < 0) {
    stages.compression = logStage("Compression");
    stages.contact_set = logStage("Compressed set");
    stages.block_solve = logStage("Compressed C_HH solve");
    stages.product = logStage("Compressed C product");
  }
  return stages;
}

} // namespace

CompressedSurfaceSolver::CompressedSurfaceSolver(SlabSystem &slab, SurfaceComplianceOptions options) {
  int ranks = 1;
  TRIBO_MPI_CALL(MPI_Comm_size(slab.comm(), &ranks));
  if (ranks > 1)
    serial_slab_ = std::make_unique<SlabSystem>(PETSC_COMM_SELF, slab.grid(), slab.elastic(), slab.support(),
                                                slab.options());
  const auto &grid = slab.grid();
  nx_ = grid.surfaceNodeCount();
  topRowGeometry(grid, x_, width_);
  if (options.rank_bound <= 0) options.rank_bound = 2 * grid.rowCount() + 4;
  {
    const TimedStage stage(logStages().compression, compression_seconds_);
    compliance_ =
        compressSurfaceCompliance(serial_slab_ ? *serial_slab_ : slab, 0, nx_, options, &compression_solves_);
  }
  serial_slab_.reset(); // its factors are not needed again
  contact_block_ = std::make_unique<PrincipalSolver>(compliance_, max_modifications);
  pair_capacity_ =
      std::max<std::size_t>(1, pair_cache_bytes / (8 * sizeof(double) * static_cast<std::size_t>(nx_)));
  held_.assign(static_cast<std::size_t>(2 * nx_), 0);
  free_.assign(held_.size(), 1);
}

void CompressedSurfaceSolver::setContactSet(const std::vector<char> &in_contact,
                                            const std::vector<char> &held_laterally) {
  std::vector<char> held(held_.size());
  for (std::int64_t k = 0; k < nx_; ++k) {
    held[2 * k] = held_laterally[k] ? 1 : 0;
    held[2 * k + 1] = in_contact[k] ? 1 : 0;
  }
  setHeldDofs(std::move(held));
  const TimedStage stage(logStages().contact_set, contact_set_seconds_);
  if (std::any_of(held_.begin(), held_.end(), [](char h) { return h != 0; })) contact_block_->setHeld(held_);
}

// The pairs kept belong to the old partition until they follow the change (followedContactSetChange).
void CompressedSurfaceSolver::setHeldDofs(std::vector<char> held) {
  held_ = std::move(held);
  for (std::size_t i = 0; i < held_.size(); ++i)
    free_[i] = !held_[i];
  ++set_version_;
}

void CompressedSurfaceSolver::followedContactSetChange(EventType type, int k, const NodeResponses &r,
                                                       bool lateral) {
  if (changes_.size() == followed_changes) changes_.pop_front();
  changes_.push_back({set_version_, type, k, lateral, r});
  if (type == EventType::release)
    for (ResponsePair &p : pairs_)
      if (p.node == k) p.node = -1; // k is free now: it has no unit response
}

// The kept responses' own rule (LinearUpdateSolver::holdNode, freeNode), each change in turn; p's
// prescription stays a unit one at its own node, zero at every other held dof.
bool CompressedSurfaceSolver::follow(ResponsePair &p) {
  auto c = std::find_if(changes_.begin(), changes_.end(),
                        [&p](const SetChange &s) { return s.version == p.version + 1; });
  for (; p.version < set_version_; ++c) {
    if (c == changes_.end() || c->version != p.version + 1 || c->node == p.node) return false;
    for (SurfaceState &v : p.r) {
      if (c->type == EventType::contact)
        holdNode(v, c->r, c->node, c->lateral, 0.0, 0.0);
      else
        freeNode(v, c->r, c->node, c->lateral);
    }
    p.version = c->version;
  }
  return true;
}

// f_H = C_HH^{-1} d_H, then d = C f; the held dofs report their prescription exactly.
void CompressedSurfaceSolver::respond(int nrhs, const std::vector<double> &d, SurfaceState *out) {
  const auto n = static_cast<std::size_t>(2 * nx_);
  forces_.resize(n * static_cast<std::size_t>(nrhs));
  displacements_.resize(forces_.size());
  {
    const TimedStage stage(logStages().block_solve, block_solve_seconds_);
    contact_block_->solve(nrhs, d.data(), forces_.data());
  }
  // d_F = C_FH f_H: f is zero off H, and the displacements are wanted off H only.
  const TimedStage stage(logStages().product, product_seconds_);
  compliance_.multiplySparse(nrhs, forces_.data(), static_cast<std::int64_t>(n), displacements_.data(),
                             static_cast<std::int64_t>(n), free_, held_);
  for (int c = 0; c < nrhs; ++c) {
    SurfaceState &s = out[c];
    s.u.resize(x_.size()), s.w.resize(x_.size()), s.fx.resize(x_.size()), s.fz.resize(x_.size());
    const double *f = forces_.data() + c * n, *disp = displacements_.data() + c * n, *p = d.data() + c * n;
    for (std::size_t k = 0; k < x_.size(); ++k) {
      s.u[k] = held_[2 * k] ? p[2 * k] : disp[2 * k];
      s.w[k] = held_[2 * k + 1] ? p[2 * k + 1] : disp[2 * k + 1];
      s.fx[k] = f[2 * k];
      s.fz[k] = f[2 * k + 1];
    }
  }
  solves_ += nrhs;
}

SurfaceState CompressedSurfaceSolver::solve(const std::vector<double> &u, const std::vector<double> &w) {
  const auto n = static_cast<std::size_t>(2 * nx_);
  prescription_.assign(n, 0.0);
  for (std::size_t k = 0; k < x_.size(); ++k) {
    if (held_[2 * k]) prescription_[2 * k] = u[k];
    if (held_[2 * k + 1]) prescription_[2 * k + 1] = w[k];
  }
  SurfaceState s;
  s.x = x_;
  s.width = width_;
  respond(1, prescription_, &s);
  return s;
}

void CompressedSurfaceSolver::unitResponse(int k, Component c, SurfaceState &out) {
  auto pair = std::find_if(pairs_.begin(), pairs_.end(), [k](const ResponsePair &p) { return p.node == k; });
  if (pair != pairs_.end() && pair->version != set_version_) {
    const long long from = pair->version;
    if (follow(*pair))
      set_changes_followed_ += pair->version - from;
    else
      pair->node = -1; // solved again, in its place
  }
  if (pair == pairs_.end() || pair->node != k) {
    // k's own place, else a dropped pair's, else a new one, else the least recently used (so a pair
    // cache restored without the dropped ones chooses as the one saved would).
    if (pair == pairs_.end())
      pair = std::find_if(pairs_.begin(), pairs_.end(), [](const ResponsePair &p) { return p.node < 0; });
    if (pair == pairs_.end())
      pair = pairs_.size() < pair_capacity_
                 ? pairs_.emplace(pairs_.end())
                 : std::min_element(
                       pairs_.begin(), pairs_.end(),
                       [](const ResponsePair &a, const ResponsePair &b) { return a.last_use < b.last_use; });
    const auto n = static_cast<std::size_t>(2 * nx_);
    prescription_.assign(2 * n, 0.0);
    prescription_[2 * static_cast<std::size_t>(k)] = 1.0;         // u, column 0
    prescription_[n + 2 * static_cast<std::size_t>(k) + 1] = 1.0; // w, column 1
    respond(2, prescription_, pair->r.data());
    pair->node = k;
    pair->version = set_version_;
    ++pairs_solved_;
  }
  pair->last_use = ++pair_uses_;
  const SurfaceState &r = pair->r[c == Component::u ? 0 : 1];
  out.u = r.u, out.w = r.w, out.fx = r.fx, out.fz = r.fz;
}

std::size_t CompressedSurfaceSolver::bytes() const {
  std::size_t kept = 0;
  for (const ResponsePair &p : pairs_)
    kept += 8 * sizeof(double) * p.r[1].u.size();
  for (const SetChange &c : changes_)
    kept += 4 * sizeof(double) * (c.r[0].u.size() + c.r[1].u.size());
  return compliance_.bytes() + contact_block_->bytes() + kept +
         sizeof(double) * (prescription_.capacity() + forces_.capacity() + displacements_.capacity());
}

namespace {

// The kept responses as one array (u, w, fx, fz of each in turn; an unused R_u as zeros).
void appendResponses(std::vector<double> &to, const LinearUpdateSolver::NodeResponses &r, std::size_t n) {
  for (const SurfaceState &s : r)
    for (const std::vector<double> *v : {&s.u, &s.w, &s.fx, &s.fz})
      if (v->empty())
        to.insert(to.end(), n, 0.0);
      else
        to.insert(to.end(), v->begin(), v->end());
}

const double *readResponses(const double *from, LinearUpdateSolver::NodeResponses &r, std::size_t n) {
  for (SurfaceState &s : r)
    for (std::vector<double> *v : {&s.u, &s.w, &s.fx, &s.fz}) {
      v->assign(from, from + n);
      from += n;
    }
  return from;
}

} // namespace

// C is built again from the slab (deterministic); the contact block from its base set and the order of
// its modifications, so the solves go on bit for bit; the kept pairs and set changes as they are, since
// a pair that followed changes differs in its last bits from one solved again.
void CompressedSurfaceSolver::saveState(const StateWriter &out) const {
  const auto n = static_cast<std::size_t>(nx_);
  out.putIntegers("held", held_);
  out.putIntegers("base", contact_block_->base());
  out.putIntegers("modifications", contact_block_->modificationOrder());
  out.putIntegers("counters", std::vector<long long>{solves_, set_changes_since_solve_, set_version_,
                                                     pair_uses_, pairs_solved_, set_changes_followed_});
  std::vector<long long> meta;
  std::vector<double> values;
  for (const ResponsePair &p : pairs_)
    if (p.node >= 0) {
      meta.insert(meta.end(), {p.node, p.version, p.last_use});
      appendResponses(values, p.r, n);
    }
  out.putIntegers("pairs", meta);
  out.put("pair_responses", values);
  meta.clear(), values.clear();
  for (const SetChange &c : changes_) {
    meta.insert(meta.end(), {c.version, static_cast<long long>(c.type), c.node, c.lateral ? 1 : 0});
    appendResponses(values, c.r, n);
  }
  out.putIntegers("set_changes", meta);
  out.put("set_change_responses", values);
}

void CompressedSurfaceSolver::restoreState(const StateReader &in) {
  const auto n = static_cast<std::size_t>(nx_);
  const auto held = in.integers<char>("held"), base = in.integers<char>("base");
  if (held.size() != held_.size() || base.size() != held_.size())
    throw IoError("the checkpoint's surface is not this slab's (different slab.levels?)");
  setHeldDofs(held);
  if (std::any_of(base.begin(), base.end(), [](char h) { return h != 0; }))
    contact_block_->restore(base, in.integers<std::int64_t>("modifications"), held_);
  const auto c = in.integers<long long>("counters");
  solves_ = c.at(0), set_changes_since_solve_ = c.at(1), set_version_ = c.at(2), pair_uses_ = c.at(3);
  pairs_solved_ = c.at(4), set_changes_followed_ = c.at(5);
  const auto pairs = in.integers<long long>("pairs"), changes = in.integers<long long>("set_changes");
  const std::vector<double> &pair_values = in.values("pair_responses"),
                            &change_values = in.values("set_change_responses");
  if (pair_values.size() != pairs.size() / 3 * 8 * n || change_values.size() != changes.size() / 4 * 8 * n)
    throw IoError("the checkpoint's kept responses are not this slab's");
  pairs_.assign(pairs.size() / 3, {});
  const double *v = pair_values.data();
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    pairs_[i].node = static_cast<int>(pairs[3 * i]);
    pairs_[i].version = pairs[3 * i + 1], pairs_[i].last_use = pairs[3 * i + 2];
    v = readResponses(v, pairs_[i].r, n);
  }
  changes_.assign(changes.size() / 4, {});
  v = change_values.data();
  for (std::size_t i = 0; i < changes_.size(); ++i) {
    SetChange &s = changes_[i];
    s.version = changes[4 * i], s.type = static_cast<EventType>(changes[4 * i + 1]);
    s.node = static_cast<int>(changes[4 * i + 2]), s.lateral = changes[4 * i + 3] != 0;
    v = readResponses(v, s.r, n);
  }
}

} // namespace tribo
