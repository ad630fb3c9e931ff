// Benchmark of the contact iterations: the reference KSP path against the condensed path on the Fig. 6
// setup, events/s and state changes/s, the cost breakdown, and the events' agreement between the paths.
//   bench_contact -levels 7 -mu_i 0.5 -events 2000 -paths condensed,reference [-max_seconds 600]
//   [-progress N] [-max_state_changes N] [-events_out FILE] [-tableau automatic|row_blocks]
// One line per path: setup (assembly + condensation), normal contact, the events (stopped early after
// max_seconds of events, counted as such), then for the condensed path the split of the event time into
// condensed solves, S_FF factorisations and the rest (event search, bookkeeping of FrictionalContact).
// -events_out FILE writes every event of each path (type, node, state changes, delta and F as hex floats)
// to FILE.<path>, for a bitwise comparison of two builds (`cmp`; scripts/bench/fig6.sh). -tableau: where
// the condensed tableau's rows live on more than one rank (TableauStorage; row_blocks: a private block per
// rank, as across nodes).
#include "tribo/contact/pin_on_slab.hpp"
#include "tribo/core/petsc_handles.hpp"
#include "tribo/core/process_clock.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <petsctime.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribo;

namespace {

struct Run {
  std::string path;
  double setup_s = 0, normal_s = 0, events_s = 0, events_cpu_s = 0;
  long long events = 0, changes = 0, solves = 0;
  std::vector<int> node, type, changes_per_event;
  std::vector<double> delta, force;
};

double now() {
  PetscLogDouble t;
  PetscTime(&t);
  return t;
}

/// FNV-1a over the bytes of `v`, continuing `h`: a fingerprint of the event sequence, to compare runs.
template <typename T> std::uint64_t fingerprint(std::uint64_t h, const T &v) {
  const auto *b = reinterpret_cast<const unsigned char *>(&v);
  for (std::size_t i = 0; i < sizeof v; ++i)
    h = (h ^ b[i]) * 0x100000001b3ULL;
  return h;
}

} // namespace

int main(int argc, char **argv) {
  PetscSession petsc(&argc, &argv, "bench_contact: reference vs condensed contact iterations\n");
  try {
    MPI_Comm comm = PETSC_COMM_WORLD;
    PetscInt levels = 7, events = 2000, margin = 8, progress = 0, max_changes = 1000000;
    PetscReal mu_i = 0.5, max_seconds = 1e30;
    char paths_c[256] = "condensed,reference", events_out[PETSC_MAX_PATH_LEN] = "", tableau[64] = "automatic",
         normal_start[64] = "half_hertz";
    PetscOptionsGetInt(nullptr, nullptr, "-levels", &levels, nullptr);
    PetscOptionsGetInt(nullptr, nullptr, "-events", &events, nullptr);
    PetscOptionsGetInt(nullptr, nullptr, "-margin", &margin, nullptr);
    PetscOptionsGetInt(nullptr, nullptr, "-progress", &progress, nullptr);
    PetscOptionsGetInt(nullptr, nullptr, "-max_state_changes", &max_changes, nullptr);
    PetscOptionsGetReal(nullptr, nullptr, "-mu_i", &mu_i, nullptr);
    PetscOptionsGetReal(nullptr, nullptr, "-max_seconds", &max_seconds, nullptr);
    PetscOptionsGetString(nullptr, nullptr, "-paths", paths_c, sizeof paths_c, nullptr);
    // The compressed path's truncation tolerance (relative to ||C||_2).
    PetscReal compress_tol = PinOnSlabSetup{}.compression.hodlr.tolerance;
    PetscOptionsGetReal(nullptr, nullptr, "-compress_tol", &compress_tol, nullptr);
    PetscOptionsGetString(nullptr, nullptr, "-events_out", events_out, sizeof events_out, nullptr);
    // Where the condensed tableau's rows live on more than one rank: automatic (shared on one node) or
    // row_blocks (a private block per rank, outputs gathered).
    PetscOptionsGetString(nullptr, nullptr, "-tableau", tableau, sizeof tableau, nullptr);
    // The normal contact's first guess (contact.normal_start): half_hertz or coarser_grids.
    PetscOptionsGetString(nullptr, nullptr, "-normal_start", normal_start, sizeof normal_start, nullptr);
    int size = 1;
    MPI_Comm_size(comm, &size);

    std::vector<Run> runs;
    std::stringstream paths(paths_c);
    for (std::string name; std::getline(paths, name, ',');) {
      PinOnSlabSetup s;
      s.slab.levels = static_cast<int>(levels);
      s.contact.mu_i = mu_i;
      s.contact.max_state_changes = max_changes;
      s.zone_margin_nodes = static_cast<int>(margin);
      s.solver_path = name == "reference"    ? SolverPath::reference
                      : name == "compressed" ? SolverPath::compressed
                                             : SolverPath::condensed;
      s.compression.hodlr.tolerance = compress_tol;
      s.normal_start = std::string(normal_start) == "coarser_grids" ? NormalContactStart::coarser_grids
                                                                    : NormalContactStart::half_hertz;
      s.tableau_placement =
          std::string(tableau) == "row_blocks" ? TableauPlacement::row_blocks : TableauPlacement::automatic;
      Run r;
      r.path = name;
      MPI_Barrier(comm);
      double t0 = now();
      PinOnSlab model(comm, s);
      r.setup_s = now() - t0;
      t0 = now();
      const double normal_cpu0 = processCpuSeconds();
      const long long normal_changes = model.establishNormalContact();
      r.normal_s = now() - t0;
      double normal_cpu = processCpuSeconds() - normal_cpu0;
      const long long solves0 = model.surface().solveCount();
      const auto *con = model.condensed();
      const double solve0 = con ? con->solveSeconds() : 0, set0 = con ? con->contactSetSeconds() : 0;
      const double cond0 = con ? con->condensationSeconds() : 0;
      // CPU times, the largest over the ranks: on a loaded machine closer to the work than wall times.
      double cond_cpu = con ? con->condensationCpuSeconds() : 0;
      TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &normal_cpu, 1, MPI_DOUBLE, MPI_MAX, comm));
      TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &cond_cpu, 1, MPI_DOUBLE, MPI_MAX, comm));
      if (con)
        PetscPrintf(comm,
                    "  normal contact: %lld state changes, %d contact nodes; condensation %.3f s, "
                    "pivots %.3f s (%lld dofs), solves %.3f s; CPU (largest over the ranks): normal contact "
                    "%.3f s, condensation %.3f s\n",
                    normal_changes, model.contact().contactCount(), cond0, set0, con->pivots(), solve0,
                    normal_cpu, cond_cpu);
      // The compressed path: its operator, and where the time went (wall).
      const auto *com = model.compressed();
      auto compressedBreakdown = [&](const char *phase) {
        PetscPrintf(comm,
                    "  %s (compressed): contact sets %.3f s (%d factorisations), block solves %.3f s, "
                    "products with C %.3f s; unit-response pairs %lld solved, %lld set changes followed; "
                    "operator %.1f MB; peak memory %.0f MB\n",
                    phase, com->contactSetSeconds(), com->factorisations(), com->blockSolveSeconds(),
                    com->productSeconds(), com->pairsSolved(), com->setChangesFollowed(),
                    1e-6 * static_cast<double>(com->bytes()), peakResidentMegabytes());
      };
      if (com) {
        PetscPrintf(comm,
                    "  compression: %lld slab solves in %.3f s; normal contact %lld state changes, %d "
                    "contact nodes\n",
                    com->compressionSolves(), com->compressionSeconds(), normal_changes,
                    model.contact().contactCount());
        compressedBreakdown("normal contact");
      }
      t0 = now();
      const double c0 = processCpuSeconds();
      for (PetscInt e = 0; e < events; ++e) {
        const SlipEvent ev = model.contact().advance();
        ++r.events;
        r.changes += ev.state_changes;
        r.node.push_back(ev.node);
        r.type.push_back(static_cast<int>(ev.type));
        r.changes_per_event.push_back(ev.state_changes);
        r.delta.push_back(ev.delta);
        r.force.push_back(ev.friction_force);
        double elapsed = now() - t0;
        MPI_Bcast(&elapsed, 1, MPI_DOUBLE, 0, comm); // the same stopping event on every rank
        if (progress > 0 && r.events % progress == 0)
          PetscPrintf(comm,
                      "  %lld events, %lld state changes, %.1f s (CPU %.1f s), delta/L_x %.4e, F/W %.4f\n",
                      r.events, r.changes, elapsed, processCpuSeconds() - c0, ev.delta / s.slab.length_x,
                      ev.friction_force / model.loadPerDepth());
        if (elapsed > max_seconds) break;
      }
      r.events_s = now() - t0;
      r.events_cpu_s = processCpuSeconds() - c0;
      TRIBO_MPI_CALL(MPI_Allreduce(MPI_IN_PLACE, &r.events_cpu_s, 1, MPI_DOUBLE, MPI_MAX, comm));
      r.solves = model.surface().solveCount() - solves0;
      if (com) compressedBreakdown("normal contact and events");
      PetscPrintf(
          comm,
          "path %s ranks %d levels %d n_x %lld mu_i %g: setup %.3f s, normal %.3f s, %lld events in %.3f "
          "s = %.1f events/s, %lld state changes = %.1f changes/s, %lld solves (%.2f us/event, %.2f "
          "us/change); CPU %.3f s = %.1f events/s, %.1f changes/s\n",
          name.c_str(), size, static_cast<int>(levels), (1LL << levels) + 1, static_cast<double>(mu_i),
          r.setup_s, r.normal_s, r.events, r.events_s, r.events / r.events_s, r.changes,
          r.changes / r.events_s, r.solves, 1e6 * r.events_s / r.events,
          1e6 * r.events_s / std::max<long long>(r.changes, 1), r.events_cpu_s, r.events / r.events_cpu_s,
          r.changes / r.events_cpu_s);
      // Fingerprints of the events (type, node, state changes) and of F, bit for bit: equal on 1 and N
      // ranks when the runs are the same to the last bit (scripts/bench/ranks.sh compares them).
      std::uint64_t h_events = 0xcbf29ce484222325ULL, h_force = h_events;
      for (std::size_t e = 0; e < r.force.size(); ++e) {
        h_events =
            fingerprint(fingerprint(fingerprint(h_events, r.type[e]), r.node[e]), r.changes_per_event[e]);
        h_force = fingerprint(h_force, r.force[e]);
      }
      PetscPrintf(comm, "  fingerprints: events %016llx, F %016llx, last F/W %.17g\n",
                  static_cast<unsigned long long>(h_events), static_cast<unsigned long long>(h_force),
                  r.force.empty() ? 0.0 : r.force.back() / model.loadPerDepth());
      // What the events covered: the travel, the mean pin displacement per event, F/W over the second
      // half of the events (the plateau once the run reaches the steady state).
      double f_half = 0;
      for (std::size_t e = r.force.size() / 2; e < r.force.size(); ++e)
        f_half += r.force[e];
      f_half /= static_cast<double>(std::max<std::size_t>(r.force.size() - r.force.size() / 2, 1));
      const double Lx = s.slab.length_x, P = model.loadPerDepth();
      PetscPrintf(comm,
                  "  travel delta/L_x %.4e, mean increment %.4e L_x, mean F/W over the second half %.4f\n",
                  r.delta.empty() ? 0.0 : r.delta.back() / Lx,
                  r.delta.empty() ? 0.0 : r.delta.back() / Lx / static_cast<double>(r.events), f_half / P);
      if (con) {
        const double solve = con->solveSeconds() - solve0, set = con->contactSetSeconds() - set0;
        const double cond = con->condensationSeconds() - cond0;
        PetscPrintf(comm,
                    "  condensed: zone %lld nodes, %.1f MB per rank (tableau %s), %d condensation(s) (%lld "
                    "unit solves, "
                    "%lld pivots, "
                    "%.3f s; %.3f s during events); events: solves %.3f s, contact-set pivots %.3f s, "
                    "search + bookkeeping %.3f s\n",
                    con->zoneNodes(), con->bytes() / 1048576.0, con->tableauStorage(), con->condensations(),
                    con->condensationSolves(), con->pivots(), con->condensationSeconds(), cond, solve, set,
                    r.events_s - solve - set - cond);
      }
      int rank = 0;
      MPI_Comm_rank(comm, &rank);
      if (events_out[0] != '\0' && rank == 0) {
        const std::string file = std::string(events_out) + "." + name;
        std::FILE *f = std::fopen(file.c_str(), "w");
        if (!f) throw std::runtime_error("cannot write " + file);
        for (std::size_t e = 0; e < r.node.size(); ++e)
          std::fprintf(f, "%d %d %d %a %a\n", r.type[e], r.node[e], r.changes_per_event[e], r.delta[e],
                       r.force[e]);
        std::fclose(f);
      }
      runs.push_back(std::move(r));
    }
    // Agreement over the events both paths ran.
    if (runs.size() == 2) {
      const Run &a = runs[0], &b = runs[1];
      const long long n = std::min(a.events, b.events);
      long long same = 0;
      double worst_f = 0;
      long long worst_event = -1;
      const PinOnSlabSetup fig6;
      const double P = fig6.load / fig6.slab.depth_y, Lx = fig6.slab.length_x; // [N/m], [m]
      for (; same < n; ++same) {
        if (a.node[same] != b.node[same] || a.type[same] != b.type[same] ||
            a.changes_per_event[same] != b.changes_per_event[same])
          break;
        const double df = std::abs(a.force[same] - b.force[same]) / P;
        if (df > worst_f) worst_f = df, worst_event = same;
      }
      PetscPrintf(
          comm,
          "agreement: %lld of %lld common events identical (type, node, state changes); worst |dF|/W %.3e "
          "(event %lld: %d state changes, type %d, increment %.3e vs %.3e L_x, F/W %.6f)\n",
          same, n, worst_f, worst_event, worst_event >= 0 ? a.changes_per_event[worst_event] : 0,
          worst_event >= 0 ? a.type[worst_event] : -1,
          worst_event > 0 ? (a.delta[worst_event] - a.delta[worst_event - 1]) / Lx : 0.0,
          worst_event > 0 ? (b.delta[worst_event] - b.delta[worst_event - 1]) / Lx : 0.0,
          worst_event >= 0 ? a.force[worst_event] / P : 0.0);
      PetscPrintf(comm, "ratio %s/%s of time per event: %.1f\n", b.path.c_str(), a.path.c_str(),
                  (b.events_s / b.events) / (a.events_s / a.events));
    }
  } catch (const std::exception &e) {
    PetscPrintf(PETSC_COMM_WORLD, "bench_contact: %s\n", e.what());
    return 2;
  }
  return 0;
}
