// Room kept on the output's file system for the writer's last flush (docs/output.md, "What survives
// each fault").
#pragma once

#include <cstddef>
#include <string>

namespace tribo {

/// A file of `bytes` zeros beside the output, written at once (the file system must hold it, or the
/// constructor throws IoError before any case runs). When the disk fills during a case, release() frees
/// that room first, so that unlinking the half-written case and flushing the metadata that then
/// describes exactly the complete cases can reach the disk: without it that flush also fails and leaves
/// a file whose metadata points past its end. The file is removed by release() or the destructor.
class SpaceReserve {
public:
  /// 64 KiB: the metadata the flush after unlinking a half-written case writes (the B-tree nodes and
  /// heaps of /cases and the superblock; a few kB) many times over.
  static constexpr std::size_t default_bytes = std::size_t{64} << 10;

  SpaceReserve(std::string path, std::size_t bytes = default_bytes);
  SpaceReserve(const SpaceReserve &) = delete;
  SpaceReserve &operator=(const SpaceReserve &) = delete;
  ~SpaceReserve();

  /// Frees the room (removes the file); harmless when already done.
  void release() noexcept;
  const std::string &path() const { return path_; }

private:
  std::string path_;
  bool held_ = false;
};

} // namespace tribo
