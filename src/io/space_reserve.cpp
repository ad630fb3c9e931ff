// The writer's reserve: a file of zeros that is deleted to make room for the last flush.
#include "tribo/io/space_reserve.hpp"

#include "tribo/core/error.hpp"

#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <vector>

namespace tribo {

SpaceReserve::SpaceReserve(std::string path, std::size_t bytes) : path_(std::move(path)) {
  std::FILE *f = std::fopen(path_.c_str(), "wb");
  if (!f) throw IoError(fmt::format("cannot create '{}': {}", path_, std::strerror(errno)));
  held_ = true;
  // Zeros written, not a sparse hole: the blocks must be taken now to be given back later.
  const std::vector<char> zeros(std::size_t{64} << 10, 0);
  bool ok = true;
  for (std::size_t done = 0; ok && done < bytes; done += zeros.size())
    ok = std::fwrite(zeros.data(), 1, std::min(zeros.size(), bytes - done), f) ==
         std::min(zeros.size(), bytes - done);
  const int saved = errno;
  ok = std::fflush(f) == 0 && ok;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) {
    release();
    throw IoError(fmt::format("cannot reserve {} kB beside the output in '{}': {}", bytes >> 10, path_,
                              std::strerror(saved ? saved : errno)));
  }
}

SpaceReserve::~SpaceReserve() {
  release();
}

void SpaceReserve::release() noexcept {
  if (held_) std::remove(path_.c_str());
  held_ = false;
}

} // namespace tribo
