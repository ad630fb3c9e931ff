// A finished case on its way from its group's root to the writer (world rank 0), and the sending
// side that keeps those messages moving without ever blocking a group on the writer.
#pragma once

#include <list>
#include <mpi.h>
#include <utility>
#include <vector>

namespace tribo {

enum class Message : char { result = 'R', failure = 'F', done = 'D' };

/// [kind][position in the queue's order][busy rank-seconds][payload: a serialized record or an error].
struct CaseMessage {
  Message kind = Message::done;
  long long index = -1;
  double busy = 0;
  std::vector<char> payload;

  std::vector<char> pack() const;
  static CaseMessage unpack(const std::vector<char> &bytes);
};

/// The messages a group's root (not the writer) has sent to world rank 0, tag 0. Every root sends
/// exactly one `done` last, also after a fault (finish), so the writer always knows when to stop.
class CaseSender {
public:
  explicit CaseSender(MPI_Comm world) : world_(world) {}
  CaseSender(const CaseSender &) = delete;
  CaseSender &operator=(const CaseSender &) = delete;
  /// Completes what is still in flight (the writer receives every message before its end).
  ~CaseSender();

  void send(const CaseMessage &message);
  /// Sends `done` (once) and waits until every message has left.
  void finish();

private:
  /// A send moves only while this rank is inside MPI: tests the earlier sends and frees the buffers
  /// of those that arrived.
  void pushOn();
  MPI_Comm world_;
  std::list<std::pair<std::vector<char>, MPI_Request>> in_flight_;
  bool finished_ = false;
};

} // namespace tribo
