// One checkpoint file per case: a header, the case id, the state's bytes and their checksum.
#include "tribo/io/checkpoint_file.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace tribo {

namespace fs = std::filesystem;

namespace {

constexpr char magic[] = "tribo checkpoint 1\n";

/// FNV-1a, 64 bits: names the file of an id (any characters) and checks the bytes read back.
std::uint64_t fnv1a(const char *data, std::size_t n) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= 1099511628211ull;
  }
  return h;
}

void append(std::string &out, std::uint64_t v) {
  out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

/// Writes all of `bytes` to `path` and forces it to the disk before the rename makes it current.
void writeDurably(const std::string &path, const std::string &bytes) {
  std::FILE *f = std::fopen(path.c_str(), "wb");
  if (!f) throw IoError(fmt::format("cannot create the checkpoint '{}'", path));
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0 &&
                  fsync(fileno(f)) == 0;
  if (std::fclose(f) != 0 || !ok) {
    std::error_code ec;
    fs::remove(path, ec);
    throw IoError(fmt::format("cannot write the checkpoint '{}' (disk full?)", path));
  }
}

} // namespace

std::string checkpointDirectory(const std::string &final_path) {
  return final_path + ".partial.checkpoints";
}

std::string checkpointPath(const std::string &final_path, const std::string &case_id) {
  return fmt::format("{}/{:016x}.ckpt", checkpointDirectory(final_path),
                     fnv1a(case_id.data(), case_id.size()));
}

void writeCheckpoint(const std::string &path, const std::string &case_id, const CaseRecord &state) {
  const std::vector<char> body = state.serialize();
  std::string bytes(magic);
  append(bytes, case_id.size());
  bytes += case_id;
  append(bytes, body.size());
  bytes.append(body.data(), body.size());
  append(bytes, fnv1a(body.data(), body.size()));
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec)
    throw IoError(fmt::format("cannot create the checkpoint directory of '{}': {}", path, ec.message()));
  const std::string tmp = path + ".tmp";
  writeDurably(tmp, bytes);
  fs::rename(tmp, path, ec);
  if (ec) throw IoError(fmt::format("cannot rename the checkpoint '{}': {}", tmp, ec.message()));
}

std::optional<std::vector<char>> readCheckpoint(const std::string &path, const std::string &case_id) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t at = 0;
  auto bad = [&](const char *what) {
    return IoError(fmt::format("checkpoint '{}' is unusable ({})", path, what));
  };
  auto take = [&](std::size_t n) {
    if (bytes.size() - at < n) throw bad("truncated");
    const std::size_t from = at;
    at += n;
    return bytes.data() + from;
  };
  auto number = [&] {
    std::uint64_t v = 0;
    std::copy_n(take(sizeof v), sizeof v, reinterpret_cast<char *>(&v));
    return v;
  };
  if (std::string(take(sizeof magic - 1), sizeof magic - 1) != magic) throw bad("not a tribo checkpoint");
  const std::uint64_t id_size = number();
  if (std::string(take(id_size), id_size) != case_id) throw bad("written for another case");
  const std::uint64_t body_size = number();
  const char *body = take(body_size);
  if (number() != fnv1a(body, body_size) || at != bytes.size()) throw bad("checksum mismatch");
  return std::vector<char>(body, body + body_size);
}

void removeCheckpoint(const std::string &path) {
  std::error_code ec;
  fs::remove(path, ec);
}

void removeCheckpoints(const std::string &final_path) {
  std::error_code ec;
  fs::remove_all(checkpointDirectory(final_path), ec);
}

} // namespace tribo
