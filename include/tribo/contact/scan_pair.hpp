// Two nodes at once, for the branch-free pretest of the contact's violation scan (docs/model.md §16,
// "The gap scan"; FrictionalContact::mostOffending): two doubles in a GCC/Clang vector of 16 bytes, so
// SSE2 on any x86-64 (no -march flag). GCC 12 does not vectorise the same tests written for scalars (it
// keeps a compare, a set and an or per node; issue 20, docs/performance.md "Goal 4 at Fig. 6"). Each
// operation is the scalar one, lane by lane, rounded the same.
#pragma once

#include <cstdint>
#include <cstring>

namespace tribo::scan_pair {

using Value = double __attribute__((vector_size(16)));
/// A comparison's result: all ones in a lane where it holds, zero where not (NaN: not).
using Mask = decltype(Value{} < Value{});

inline Value load(const double *p) {
  Value v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline Value broadcast(double a) {
  return Value{a, a};
}
inline Mask broadcast(bool b) {
  return b ? ~Mask{} : Mask{};
}
/// std::abs in each lane (the sign bit cleared).
inline Value abs(Value v) {
  return reinterpret_cast<Value>(reinterpret_cast<Mask>(v) & INT64_MAX);
}
/// All ones where the flag (a contact flag, 0 or 1) is set.
inline Mask flags(const char *c) {
  return Mask{c[0] ? -1 : 0, c[1] ? -1 : 0};
}
/// a where m is set, else b.
inline Mask select(Mask m, Mask a, Mask b) {
  return (m & a) | (~m & b);
}
/// Whether any lane is set.
inline bool any(Mask m) {
  return (m[0] | m[1]) != 0;
}
/// Bit l set where lane l is.
inline unsigned bits(Mask m) {
  return static_cast<unsigned>((m[0] & 1) | (m[1] & 2));
}

} // namespace tribo::scan_pair
