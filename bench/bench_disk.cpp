// Cost of the disk physics: one closed-form (F, T) pair, one ring-quadrature pair (Hertz), one
// trajectory to the stop; the baseline is a single std::sqrt-heavy loop of the same length.
#include "tribo/core/petsc_handles.hpp"
#include "tribo/disk/contact_integral.hpp"
#include "tribo/disk/disk_motion.hpp"
#include "tribo/disk/local_friction.hpp"
#include "tribo/friction/vel_dependent.hpp"

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

// The local velocity-dependent law (docs/disk.md section 7): one (F, T) pair at eps0 on the CD,
// k = a R omega = 18, and one trajectory to the stop (rel_tol 1e-8, eps(0) = 0.556).
tribo::LocalFrictionContact cdContact(double transRate) {
  return {std::make_shared<tribo::VelDependent>(0.15, 0.3, transRate), tribo::PressureProfile::uniform(),
          0.06, 0.016 * 9.81};
}

void BM_LocalLawPair(benchmark::State &state) {
  const auto contact = cdContact(10.0);
  for (auto _ : state)
    benchmark::DoNotOptimize(contact.forceTorqueAtEps(0.653, 30.0));
}
BENCHMARK(BM_LocalLawPair)->Unit(benchmark::kMicrosecond);

void BM_LocalLawTrajectory(benchmark::State &state) {
  const auto contact = cdContact(10.0);
  tribo::DiskBody body;
  body.radius = 0.06;
  body.mass = 0.016;
  body.g = 9.81;
  tribo::MotionOptions o;
  o.rel_tol = 1e-8;
  o.samples_per_step = 1;
  for (auto _ : state)
    benchmark::DoNotOptimize(tribo::integrateMotion(contact, body, 1.0, 30.0, o));
}
BENCHMARK(BM_LocalLawTrajectory)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv) {
  tribo::PetscSession petsc(&argc, &argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
