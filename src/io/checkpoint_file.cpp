// One checkpoint file per case: a header, the case id, the state's bytes and their checksum.
#include "tribo/io/checkpoint_file.hpp"

#include "tribo/core/error.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <memory>
#include <unistd.h>

namespace tribo {

namespace fs = std::filesystem;

namespace {

constexpr char magic[] = "tribo checkpoint 1\n";

constexpr std::uint64_t fnv_offset = 14695981039346656037ull;

/// FNV-1a, 64 bits, from `h` on: names the file of an id (any characters) and checks the bytes read back.
std::uint64_t fnv1a(const char *data, std::size_t n, std::uint64_t h = fnv_offset) {
  for (std::size_t i = 0; i < n; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= 1099511628211ull;
  }
  return h;
}

/// The checkpoint's bytes straight into the file as the record gives them, hashing the body on the
/// way: a record of gigabytes (the condensed tableau at large n_x) is never copied into memory again.
class CheckpointSink final : public CaseRecord::ByteSink {
public:
  explicit CheckpointSink(std::FILE *f) : f_(f) {}
  void write(const char *data, std::size_t n) override {
    if (hashing) hash = fnv1a(data, n, hash);
    ok_ = ok_ && std::fwrite(data, 1, n, f_) == n;
  }
  void number(std::uint64_t v) { write(reinterpret_cast<const char *>(&v), sizeof v); }
  bool ok() const { return ok_; }
  bool hashing = false;
  std::uint64_t hash = fnv_offset;

private:
  std::FILE *f_;
  bool ok_ = true;
};

/// Writes `path` and forces it to the disk before the rename makes it current.
void writeDurably(const std::string &path, const std::string &case_id, const CaseRecord &state) {
  struct Close {
    void operator()(std::FILE *f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, Close> f(std::fopen(path.c_str(), "wb"));
  if (!f) throw IoError(fmt::format("cannot create the checkpoint '{}'", path));
  CheckpointSink out(f.get());
  out.write(magic, sizeof magic - 1);
  out.number(case_id.size());
  out.write(case_id.data(), case_id.size());
  out.number(state.serializedSize());
  out.hashing = true;
  state.serialize(out);
  out.hashing = false;
  out.number(out.hash);
  const bool ok = out.ok() && std::fflush(f.get()) == 0 && fsync(fileno(f.get())) == 0;
  if (std::fclose(f.release()) != 0 || !ok) {
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
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec)
    throw IoError(fmt::format("cannot create the checkpoint directory of '{}': {}", path, ec.message()));
  const std::string tmp = path + ".tmp";
  writeDurably(tmp, case_id, state);
  fs::rename(tmp, path, ec);
  if (ec) throw IoError(fmt::format("cannot rename the checkpoint '{}': {}", tmp, ec.message()));
}

std::optional<std::vector<char>> readCheckpoint(const std::string &path, const std::string &case_id) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::nullopt;
  auto bad = [&](const char *what) {
    return IoError(fmt::format("checkpoint '{}' is unusable ({})", path, what));
  };
  // Every size is checked against what is left of the file before anything is allocated for it.
  std::uint64_t left = static_cast<std::uint64_t>(in.tellg());
  in.seekg(0);
  auto take = [&](char *into, std::uint64_t n) {
    if (left < n || !in.read(into, static_cast<std::streamsize>(n))) throw bad("truncated");
    left -= n;
  };
  auto text = [&](std::uint64_t n) {
    if (left < n) throw bad("truncated");
    std::string s(n, '\0');
    take(s.data(), n);
    return s;
  };
  auto number = [&] {
    std::uint64_t v = 0;
    take(reinterpret_cast<char *>(&v), sizeof v);
    return v;
  };
  if (text(sizeof magic - 1) != magic) throw bad("not a tribo checkpoint");
  if (text(number()) != case_id) throw bad("written for another case");
  const std::uint64_t body_size = number();
  if (left < body_size) throw bad("truncated");
  std::vector<char> body(body_size);
  take(body.data(), body_size);
  if (number() != fnv1a(body.data(), body.size()) || left != 0) throw bad("checksum mismatch");
  return body;
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
