// Cost of the disk physics: one closed-form (F, T) pair, one ring-quadrature pair (Hertz), one
// trajectory to the stop; the baseline is a single std::sqrt-heavy loop of the same length.
#include "tribo/core/petsc_handles.hpp"
#include "tribo/disk/contact_integral.hpp"
#include "tribo/disk/disk_motion.hpp"

#include <benchmark/benchmark.h>
#include <cmath>

namespace {

// The closed forms over a spread of eps, touching every branch (series, elliptic, near-one).
void BM_ClosedFormPair(benchmark::State &state) {
  double eps = 1e-3;
  for (auto _ : state) {
    const tribo::ForceTorque ft = tribo::uniformForceTorque(eps);
    benchmark::DoNotOptimize(ft);
    eps = eps > 1e3 ? 1e-3 : eps * 1.37;
  }
}
BENCHMARK(BM_ClosedFormPair);

// Baseline in the same run: a division and a square root per iteration.
void BM_SqrtBaseline(benchmark::State &state) {
  double eps = 1e-3;
  for (auto _ : state) {
    benchmark::DoNotOptimize(std::sqrt(1.0 + eps) / eps);
    eps = eps > 1e3 ? 1e-3 : eps * 1.37;
  }
}
BENCHMARK(BM_SqrtBaseline);

void BM_RingQuadratureHertz(benchmark::State &state) {
  const auto p = tribo::PressureProfile::hertz();
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::contactForceTorque(p, 0.653));
}
BENCHMARK(BM_RingQuadratureHertz)->Unit(benchmark::kMicrosecond);

void BM_DirectQuadratureUniform(benchmark::State &state) {
  const auto p = tribo::PressureProfile::uniform();
  tribo::ContactQuadratureOptions o;
  o.method = tribo::ContactQuadrature::direct;
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::contactForceTorque(p, 0.653, o));
}
BENCHMARK(BM_DirectQuadratureUniform)->Unit(benchmark::kMillisecond);

// One trajectory of Fig. 3 to the stop (closed forms, eps(0) = 1.5).
void BM_TrajectoryUniform(benchmark::State &state) {
  const auto curve = tribo::makeFrictionCurve(tribo::PressureProfile::uniform());
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::integrateMotion(curve, tribo::DiskBody::dimensionless(), 3.0, 2.0));
}
BENCHMARK(BM_TrajectoryUniform)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv) {
  tribo::PetscSession petsc(&argc, &argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
