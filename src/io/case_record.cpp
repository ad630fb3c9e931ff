// A case's results in memory, and their flat-byte form for shipping between ranks.
#include "tribo/io/case_record.hpp"

#include "tribo/core/error.hpp"

#include <cstring>
#include <type_traits>

namespace tribo {

void CaseRecord::dataset(const std::string &path, std::vector<double> values, const std::string &unit,
                         std::vector<unsigned long> shape) {
  if (!shape.empty()) {
    unsigned long n = 1;
    for (auto s : shape)
      n *= s;
    if (n != values.size())
      throw IoError("dataset '" + path + "': shape does not match the number of values");
  }
  datasets_[path] = DatasetRecord{std::move(values), std::move(shape), unit};
}

void CaseRecord::integerDataset(const std::string &path, const std::vector<long long> &values,
                                std::vector<unsigned long> shape) {
  dataset(path, std::vector<double>(values.begin(), values.end()), "", std::move(shape));
  datasets_[path].integer = true;
}

void CaseRecord::attribute(const std::string &group, const std::string &name, AttributeValue value) {
  attributes_[group][name] = std::move(value);
}

namespace {

class Writer {
public:
  explicit Writer(CaseRecord::ByteSink &out) : out_(out) {}
  template <typename T> void pod(const T &v) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.write(reinterpret_cast<const char *>(&v), sizeof(T));
  }
  void str(const std::string &s) {
    pod<std::uint64_t>(s.size());
    out_.write(s.data(), s.size());
  }
  template <typename T> void vec(const std::vector<T> &v) {
    pod<std::uint64_t>(v.size());
    if (v.empty()) return; // data() may be null
    out_.write(reinterpret_cast<const char *>(v.data()), v.size() * sizeof(T));
  }

private:
  CaseRecord::ByteSink &out_;
};

/// Counts the bytes only.
class ByteCount final : public CaseRecord::ByteSink {
public:
  void write(const char *, std::size_t n) override { bytes += n; }
  std::size_t bytes = 0;
};

class ByteVector final : public CaseRecord::ByteSink {
public:
  void write(const char *data, std::size_t n) override { bytes.insert(bytes.end(), data, data + n); }
  std::vector<char> bytes;
};

class Reader {
public:
  explicit Reader(const std::vector<char> &b) : bytes(b) {}
  template <typename T> T pod() {
    if (pos + sizeof(T) > bytes.size()) throw IoError("corrupt case record");
    T v;
    std::memcpy(&v, bytes.data() + pos, sizeof(T));
    pos += sizeof(T);
    return v;
  }
  std::string str() {
    const auto n = pod<std::uint64_t>();
    if (pos + n > bytes.size()) throw IoError("corrupt case record");
    std::string s(bytes.data() + pos, n);
    pos += n;
    return s;
  }
  template <typename T> std::vector<T> vec() {
    const auto n = pod<std::uint64_t>();
    if (pos + n * sizeof(T) > bytes.size()) throw IoError("corrupt case record");
    std::vector<T> v(n);
    if (n) std::memcpy(v.data(), bytes.data() + pos, n * sizeof(T)); // data() may be null when empty
    pos += n * sizeof(T);
    return v;
  }
  const std::vector<char> &bytes;
  std::size_t pos = 0;
};

} // namespace

std::size_t CaseRecord::serializedSize() const {
  ByteCount count;
  serialize(count);
  return count.bytes;
}

std::vector<char> CaseRecord::serialize() const {
  ByteVector out;
  out.bytes.reserve(serializedSize());
  serialize(out);
  return std::move(out.bytes);
}

void CaseRecord::serialize(ByteSink &out) const {
  Writer w(out);
  w.pod<std::uint64_t>(datasets_.size());
  for (const auto &[path, d] : datasets_) {
    w.str(path);
    w.vec(d.values);
    w.vec(d.shape);
    w.str(d.unit);
    w.pod<std::uint8_t>(d.integer ? 1 : 0);
  }
  w.pod<std::uint64_t>(attributes_.size());
  for (const auto &[group, attrs] : attributes_) {
    w.str(group);
    w.pod<std::uint64_t>(attrs.size());
    for (const auto &[name, value] : attrs) {
      w.str(name);
      w.pod<std::uint8_t>(static_cast<std::uint8_t>(value.index()));
      std::visit(
          [&](const auto &v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::string>)
              w.str(v);
            else if constexpr (std::is_same_v<T, std::vector<double>>)
              w.vec(v);
            else
              w.pod(v);
          },
          value);
    }
  }
}

CaseRecord CaseRecord::deserialize(const std::vector<char> &bytes) {
  Reader r(bytes);
  CaseRecord rec;
  const auto nd = r.pod<std::uint64_t>();
  for (std::uint64_t i = 0; i < nd; ++i) {
    const std::string path = r.str();
    DatasetRecord d;
    d.values = r.vec<double>();
    d.shape = r.vec<unsigned long>();
    d.unit = r.str();
    d.integer = r.pod<std::uint8_t>() != 0;
    rec.datasets_[path] = std::move(d);
  }
  const auto ng = r.pod<std::uint64_t>();
  for (std::uint64_t g = 0; g < ng; ++g) {
    const std::string group = r.str();
    const auto na = r.pod<std::uint64_t>();
    for (std::uint64_t a = 0; a < na; ++a) {
      const std::string name = r.str();
      switch (r.pod<std::uint8_t>()) {
      case 0:
        rec.attributes_[group][name] = r.pod<double>();
        break;
      case 1:
        rec.attributes_[group][name] = r.pod<long long>();
        break;
      case 2:
        rec.attributes_[group][name] = r.str();
        break;
      case 3:
        rec.attributes_[group][name] = r.vec<double>();
        break;
      default:
        throw IoError("corrupt case record: unknown attribute type");
      }
    }
  }
  return rec;
}

} // namespace tribo
