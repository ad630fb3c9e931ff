// Solves with a changing principal submatrix of a HODLR matrix: base factorisation plus capacitance.
#include "tribo/hmatrix/principal_solver.hpp"

#include "tribo/core/error.hpp"
#include "tribo/hmatrix/dense_blas.hpp"

#include <algorithm>
#include <cmath>

namespace tribo {

PrincipalSolver::PrincipalSolver(const HodlrMatrix &a, std::size_t max_modifications)
    : a_(a), max_mods_(max_modifications), n_(a.size()) {}

void PrincipalSolver::factorBase(const std::vector<char> &base) {
  base_held_ = base;
  base_dofs_.clear();
  base_index_.assign(static_cast<std::size_t>(n_), -1);
  for (std::int64_t i = 0; i < n_; ++i)
    if (base[i]) base_index_[i] = static_cast<std::int64_t>(base_dofs_.size()), base_dofs_.push_back(i);
  base_factors_.reset(); // before the block it reads
  base_block_ = std::make_unique<HodlrMatrix>(a_.principal(base));
  base_factors_ = std::make_unique<HodlrFactorisation>(*base_block_);
  mods_.clear();
  capacitance_.clear();
  capacitance_lu_.clear();
  ++factorisations_;
}

double PrincipalSolver::capacitance(const Modification &row, const Modification &column) const {
  const double sigma = column.add ? -1.0 : 1.0;
  if (!row.add) return sigma * column.y[static_cast<std::size_t>(base_index_[row.dof])];
  double dot = 0;
  for (std::size_t i = 0; i < row.z.size(); ++i)
    dot += row.z[i] * column.y[i];
  return sigma * dot + (column.add ? row.a_row[static_cast<std::size_t>(column.dof)] : 0.0);
}

// A new modification: its vector y (one solve with A_BB), then a row and a column of the capacitance.
void PrincipalSolver::addModification(std::int64_t dof) {
  Modification m;
  m.dof = dof;
  m.add = base_index_[dof] < 0;
  const auto nb = static_cast<std::int64_t>(base_dofs_.size());
  m.y.assign(static_cast<std::size_t>(nb), 0.0);
  if (m.add) {
    std::vector<double> full(static_cast<std::size_t>(n_));
    a_.column(dof, full.data());
    for (std::int64_t i = 0; i < nb; ++i)
      m.y[i] = full[base_dofs_[i]];
    m.a_row.resize(static_cast<std::size_t>(n_));
    a_.row(dof, m.a_row.data());
    m.z.resize(static_cast<std::size_t>(nb));
    for (std::int64_t i = 0; i < nb; ++i)
      m.z[i] = m.a_row[base_dofs_[i]];
  } else {
    m.y[base_index_[dof]] = 1.0;
  }
  base_factors_->solve(m.y.data(), m.y.data());
  mods_.push_back(std::move(m));
  // The capacitance grows by a row and a column (column major, k x k from (k-1) x (k-1)).
  const std::size_t k = mods_.size();
  std::vector<double> grown(k * k);
  for (std::size_t c = 0; c + 1 < k; ++c)
    std::copy(capacitance_.begin() + static_cast<std::ptrdiff_t>(c * (k - 1)),
              capacitance_.begin() + static_cast<std::ptrdiff_t>((c + 1) * (k - 1)), grown.begin() + c * k);
  for (std::size_t i = 0; i < k; ++i) {
    grown[(k - 1) * k + i] = capacitance(mods_[i], mods_[k - 1]);
    grown[i * k + k - 1] = capacitance(mods_[k - 1], mods_[i]);
  }
  capacitance_ = std::move(grown);
}

void PrincipalSolver::removeModification(std::size_t m) {
  const std::size_t k = mods_.size();
  std::vector<double> shrunk;
  shrunk.reserve((k - 1) * (k - 1));
  for (std::size_t c = 0; c < k; ++c)
    for (std::size_t i = 0; i < k; ++i)
      if (c != m && i != m) shrunk.push_back(capacitance_[c * k + i]);
  capacitance_ = std::move(shrunk);
  mods_.erase(mods_.begin() + static_cast<std::ptrdiff_t>(m));
}

// An added dof's row and column are in units of A (a compliance, say), a removed one's in those of A^{-1}
// (a stiffness): the capacitance is equilibrated, D K D with D = |diag K|^{-1/2}, before its LU, or
// partial pivoting compares numbers of different units (measured: forces off by 1e-7 relative instead of
// 1e-14 along a contact's sequence of sets).
void PrincipalSolver::factorCapacitance() {
  const std::size_t k = mods_.size();
  capacitance_scale_.resize(k);
  for (std::size_t m = 0; m < k; ++m) {
    const double d = std::abs(capacitance_[m * k + m]);
    capacitance_scale_[m] = d > 0 ? 1.0 / std::sqrt(d) : 1.0;
  }
  capacitance_lu_ = capacitance_;
  for (std::size_t c = 0; c < k; ++c)
    for (std::size_t i = 0; i < k; ++i)
      capacitance_lu_[c * k + i] *= capacitance_scale_[i] * capacitance_scale_[c];
  if (k > 0)
    dense::luFactor(static_cast<std::int64_t>(k), capacitance_lu_.data(), capacitance_pivots_,
                    "PrincipalSolver: the capacitance of the changed dofs");
}

// The modifications follow the set: those no longer needed go (a dof back to its base role), the new
// ones are appended in increasing dof order; too many, and the set becomes the base.
void PrincipalSolver::setHeld(const std::vector<char> &held) {
  if (static_cast<std::int64_t>(held.size()) != n_)
    throw InputError("PrincipalSolver::setHeld: one flag per dof is needed");
  if (std::none_of(held.begin(), held.end(), [](char h) { return h != 0; }))
    throw InputError("PrincipalSolver::setHeld: no dof held");
  held_ = held;
  if (!base_block_) {
    factorBase(held);
    return;
  }
  auto changed = [&](std::int64_t i) { return (held[i] != 0) != (base_held_[i] != 0); };
  for (std::size_t m = mods_.size(); m-- > 0;)
    if (!changed(mods_[m].dof)) removeModification(m);
  std::size_t count = mods_.size();
  std::vector<std::int64_t> fresh;
  for (std::int64_t i = 0; i < n_; ++i)
    if (changed(i) &&
        std::none_of(mods_.begin(), mods_.end(), [&](const Modification &m) { return m.dof == i; }))
      fresh.push_back(i);
  count += fresh.size();
  if (count > max_mods_) {
    factorBase(held);
    return;
  }
  for (std::int64_t dof : fresh)
    addModification(dof);
  factorCapacitance();
}

void PrincipalSolver::solve(int nrhs, const double *b, double *x) const {
  const auto nb = static_cast<std::int64_t>(base_dofs_.size());
  const std::size_t k = mods_.size();
  std::vector<double> g(static_cast<std::size_t>(nb * nrhs));
  for (int c = 0; c < nrhs; ++c)
    for (std::int64_t i = 0; i < nb; ++i) {
      const std::int64_t dof = base_dofs_[i];
      g[c * nb + i] = held_[dof] ? b[c * n_ + dof] : 0.0;
    }
  base_factors_->solve(nrhs, g.data(), nb, g.data(), nb);
  std::vector<double> s(k * static_cast<std::size_t>(nrhs));
  for (int c = 0; c < nrhs; ++c) {
    const double *gc = g.data() + c * nb;
    for (std::size_t m = 0; m < k; ++m) {
      const Modification &mod = mods_[m];
      double rhs = 0;
      if (mod.add) {
        rhs = b[c * n_ + mod.dof];
        for (std::int64_t i = 0; i < nb; ++i)
          rhs -= mod.z[i] * gc[i];
      } else {
        rhs = -gc[base_index_[mod.dof]];
      }
      s[c * k + m] = capacitance_scale_[m] * rhs;
    }
  }
  if (k > 0)
    dense::luSolve(static_cast<std::int64_t>(k), capacitance_lu_.data(), capacitance_pivots_, nrhs, s.data(),
                   static_cast<std::int64_t>(k));
  for (int c = 0; c < nrhs; ++c)
    for (std::size_t m = 0; m < k; ++m)
      s[c * k + m] *= capacitance_scale_[m];
  for (int c = 0; c < nrhs; ++c) {
    double *xc = x + c * n_, *gc = g.data() + c * nb;
    for (std::size_t m = 0; m < k; ++m) {
      const double sigma = mods_[m].add ? -1.0 : 1.0, sm = sigma * s[c * k + m];
      const double *y = mods_[m].y.data();
      for (std::int64_t i = 0; i < nb; ++i)
        gc[i] += y[i] * sm;
    }
    std::fill(xc, xc + n_, 0.0);
    for (std::int64_t i = 0; i < nb; ++i)
      if (held_[base_dofs_[i]]) xc[base_dofs_[i]] = gc[i];
    for (std::size_t m = 0; m < k; ++m)
      if (mods_[m].add) xc[mods_[m].dof] = s[c * k + m];
  }
}

std::vector<std::int64_t> PrincipalSolver::modificationOrder() const {
  std::vector<std::int64_t> order;
  for (const Modification &m : mods_)
    order.push_back(m.dof);
  return order;
}

void PrincipalSolver::restore(const std::vector<char> &base, const std::vector<std::int64_t> &order,
                              const std::vector<char> &held) {
  factorBase(base);
  for (std::int64_t dof : order)
    addModification(dof);
  held_ = held;
  factorCapacitance();
}

std::size_t PrincipalSolver::bytes() const {
  std::size_t b = base_block_ ? base_block_->bytes() + base_factors_->bytes() : 0;
  for (const Modification &m : mods_)
    b += sizeof(double) * (m.y.size() + m.z.size() + m.a_row.size());
  return b + sizeof(double) * 2 * capacitance_.size();
}

} // namespace tribo
