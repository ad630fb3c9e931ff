// RAII owners for PETSc objects: each destroys its handle exactly once, so nothing leaks on a throw.
#pragma once

#include "tribo/core/error.hpp"

#include <petscksp.h>
#include <utility>

namespace tribo {

/// Owns one PETSc object (Vec, Mat, KSP, IS, VecScatter) and destroys it with its XxxDestroy.
template <typename Handle, PetscErrorCode (*Destroy)(Handle *)> class PetscOwner {
public:
  PetscOwner() = default;
  explicit PetscOwner(Handle h) : handle_(h) {}
  PetscOwner(const PetscOwner &) = delete;
  PetscOwner &operator=(const PetscOwner &) = delete;
  PetscOwner(PetscOwner &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  PetscOwner &operator=(PetscOwner &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  ~PetscOwner() { reset(); }

  void reset() {
    if (handle_) Destroy(&handle_);
    handle_ = nullptr;
  }
  Handle get() const { return handle_; }
  operator Handle() const { return handle_; }
  /// For PETSc's creation functions: `VecCreate(comm, v.out())`.
  Handle *out() {
    reset();
    return &handle_;
  }
  explicit operator bool() const { return handle_ != nullptr; }

private:
  Handle handle_ = nullptr;
};

using OwnedVec = PetscOwner<Vec, VecDestroy>;
using OwnedMat = PetscOwner<Mat, MatDestroy>;
using OwnedKSP = PetscOwner<KSP, KSPDestroy>;
using OwnedIS = PetscOwner<IS, ISDestroy>;
using OwnedScatter = PetscOwner<VecScatter, VecScatterDestroy>;

/// PetscInitialize on construction, PetscFinalize on destruction: one per process, in main().
class PetscSession {
public:
  PetscSession(int *argc, char ***argv, const char *help = nullptr);
  PetscSession(const PetscSession &) = delete;
  PetscSession &operator=(const PetscSession &) = delete;
  ~PetscSession();
};

} // namespace tribo
