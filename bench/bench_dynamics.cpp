// Cost of the stage-driven pin: 2e6 RK4 steps (0.2 s at 100 ns) with the hysteretic profile law,
// against the same steps without friction as the baseline measured in the same run.
#include "tribo/core/petsc_handles.hpp"
#include "tribo/dynamics/pin_integrator.hpp"

#include <benchmark/benchmark.h>
#include <memory>
#include <random>

namespace {

const tribo::PinParameters pin{0.5, 2e5, 0.1, 2e-3};
const tribo::IntegrationSettings settings{1e-7, 0.2, 1000};

// A noisy event-driven-like record: 2000 samples over ~1 um, rising with K, then a noisy plateau.
std::shared_ptr<const tribo::ProfileLookup> noisyProfile() {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  tribo::FrictionProfile p;
  p.surface_stiffness = 1e8;
  double d = 0.0, F = 0.0;
  for (int i = 0; i < 2000; ++i) {
    p.delta.push_back(d);
    p.force.push_back(F);
    d += 0.5e-9 * u(rng);
    F = i < 600 ? 1e8 * d : 26.7 + 0.7 * (u(rng) - 0.5);
  }
  p.steady_state_start = p.delta[600];
  return std::make_shared<const tribo::ProfileLookup>(p);
}

void BM_ProfileFriction(benchmark::State &state) {
  const auto profile = noisyProfile();
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::integratePinProfile(pin, profile, settings));
  state.SetItemsProcessed(state.iterations() * 2000000);
}
BENCHMARK(BM_ProfileFriction)->Unit(benchmark::kMillisecond);

void BM_NoFrictionBaseline(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::integratePinSmooth(
        pin, [](double, double, double) { return 0.0; }, settings));
  state.SetItemsProcessed(state.iterations() * 2000000);
}
BENCHMARK(BM_NoFrictionBaseline)->Unit(benchmark::kMillisecond);

void BM_CoulombStickSlip(benchmark::State &state) {
  const auto law = tribo::coulombLaw({0.282, 0.272, 0.089, 0.267}, 100.0);
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::integratePinStickSlip(pin, law, settings));
  state.SetItemsProcessed(state.iterations() * 2000000);
}
BENCHMARK(BM_CoulombStickSlip)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv) {
  tribo::PetscSession petsc(&argc, &argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
