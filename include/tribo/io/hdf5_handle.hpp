// RAII owner of an HDF5 identifier (file, group, dataset, dataspace, datatype, property list).
#pragma once

#include "tribo/core/error.hpp"

#include <hdf5.h>
#include <string>
#include <utility>

namespace tribo {

/// What went wrong below the failed HDF5 call, from HDF5's error stack: the system's message
/// ("No space left on device") when a read or write failed, else HDF5's own innermost description.
std::string h5ErrorDetail();

class H5Handle {
public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  /// Throws IoError naming `what` when the HDF5 call that produced `id` failed.
  H5Handle(hid_t id, Closer close, const std::string &what) : id_(id), close_(close) {
    if (id_ < 0) throw IoError("HDF5: cannot " + what + h5ErrorDetail());
  }
  H5Handle(const H5Handle &) = delete;
  H5Handle &operator=(const H5Handle &) = delete;
  H5Handle(H5Handle &&o) noexcept : id_(std::exchange(o.id_, -1)), close_(o.close_) {}
  H5Handle &operator=(H5Handle &&o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, -1);
      close_ = o.close_;
    }
    return *this;
  }
  ~H5Handle() { reset(); }
  void reset() {
    if (id_ >= 0 && close_) close_(id_);
    id_ = -1;
  }
  hid_t get() const { return id_; }
  operator hid_t() const { return id_; }

private:
  hid_t id_ = -1;
  Closer close_ = nullptr;
};

/// Checks the status of an HDF5 call that returns herr_t.
inline void h5check(herr_t status, const std::string &what) {
  if (status < 0) throw IoError("HDF5: cannot " + what + h5ErrorDetail());
}

} // namespace tribo
