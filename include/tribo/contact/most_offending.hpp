// The rules that pick one node out of a scan of the surface (paper §2.1.1, §3.2.1; docs/model.md §12,
// §13, "Ties"): the most offending node of a provisional equilibrium (the largest violation) and the next
// event's trigger (the smallest pin step), ties within a relative tolerance to the lowest node index.
// Each rule is the same whether one scan sees every node or each rank scans its own nodes and the ranks
// then agree (StateShare::agree): it is defined by the extreme value, which any order of reduction finds
// exactly, and not by the order of the scan.
#pragma once

#include "tribo/contact/slip_event.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace tribo {

/// Two violations (or two trigger steps) within this relative distance are a tie: mirror-symmetric
/// nodes, say, whose values differ by round-off only, so that the sequence of states is the same on any
/// number of ranks and under any scaling of the problem.
inline constexpr double tie_tolerance = 1e-9;

/// A violated constraint (I, II or III) at a node, as a force per unit depth [N/m] (0: none).
struct Violation {
  EventType type = EventType::slip;
  int node = -1;
  double force = 0;
  double value() const { return force; }
};

/// What the smallest pin step [m] makes happen at a node (the next event, §12; node -1: none).
struct Trigger {
  EventType type = EventType::slip;
  int node = -1;
  double step = std::numeric_limits<double>::infinity();
  double value() const { return step; }
};

/// The largest value wins; v ties with the largest V where v (1 + tol) >= V.
struct Largest {
  static constexpr double none = 0;
  static bool better(double a, double b) { return a > b; }
  static bool ties(double v, double extreme) { return v * (1 + tie_tolerance) >= extreme; }
};
/// The smallest value wins; v ties with the smallest S where v (1 - tol) <= S.
struct Smallest {
  static constexpr double none = std::numeric_limits<double>::infinity();
  static bool better(double a, double b) { return a < b; }
  static bool ties(double v, double extreme) { return v * (1 - tie_tolerance) <= extreme; }
  /// Above every value that ties with `extreme` (v (1 - tol) <= S gives v < S (1 + 2 tol)): a search
  /// may skip what lies past it.
  static double reach(double extreme) { return extreme * (1 + 2 * tie_tolerance); }
};

/// The entries of a scan, offered in any node order: the extreme value, and the entries that tie with it
/// (usually one, kept in node order), from which the winner is the lowest node that ties with the extreme
/// over every rank's scan.
template <class Entry, class Order> class TieRule {
public:
  using entry_type = Entry;
  using order = Order;

  /// Offer an entry, in any order of the nodes (the entries of one node in the order of their types' tests).
  void add(const Entry &e) {
    if (Order::better(e.value(), extreme_)) {
      extreme_ = e.value();
      std::size_t kept = 0; // those that still tie, in order
      for (const Entry &c : candidates_)
        if (Order::ties(c.value(), extreme_)) candidates_[kept++] = c;
      candidates_.resize(kept);
    }
    if (Order::ties(e.value(), extreme_)) // after the candidates of lower or equal nodes (usually none)
      candidates_.insert(std::upper_bound(candidates_.begin(), candidates_.end(), e,
                                          [](const Entry &a, const Entry &b) { return a.node < b.node; }),
                         e);
  }
  /// The extreme value offered (Order::none if none).
  double extreme() const { return extreme_; }
  /// The lowest node offered that ties with `extreme` (as extreme as extreme(), or more), or node -1:
  /// the winner where `extreme` is the extreme over every scan.
  Entry winner(double extreme) const {
    for (const Entry &c : candidates_)
      if (Order::ties(c.value(), extreme)) return c;
    return {};
  }
  Entry winner() const { return winner(extreme_); }
  /// Those that tie with extreme(), in node order: every entry that can win, whatever the extreme over
  /// the other ranks.
  const std::vector<Entry> &candidates() const { return candidates_; }

private:
  double extreme_ = Order::none;
  std::vector<Entry> candidates_;
};

/// The most offending node (§13): the largest violation.
using MostOffending = TieRule<Violation, Largest>;
/// The next event (§12): the smallest step.
using FirstTrigger = TieRule<Trigger, Smallest>;

} // namespace tribo
