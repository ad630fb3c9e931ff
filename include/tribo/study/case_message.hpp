// A finished case on its way from its group's root to the writer (world rank 0), and the sending
// side that keeps those messages moving without ever blocking a group on the writer.
#pragma once

#include "tribo/study/fault.hpp"

#include <cstddef>
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

/// `chars` chars as one MPI (datatype, count) pair, of any size: MPI_CHAR itself up to `piece` chars,
/// else a struct of pieces of `piece` chars and the rest, all chars (an MPI count is an int: a result
/// record of about 2.7e7 events passes 2 GiB). The datatype is committed here and freed with this.
class CharCount {
public:
  explicit CharCount(std::size_t chars, std::size_t piece = broadcast_piece);
  CharCount(const CharCount &) = delete;
  CharCount &operator=(const CharCount &) = delete;
  ~CharCount();
  MPI_Datatype type() const { return type_; }
  int count() const { return count_; }

private:
  MPI_Datatype type_ = MPI_CHAR;
  int count_ = 0;
};
/// The chars a matched message holds, of any size (MPI_Get_elements_x).
std::size_t messageChars(const MPI_Status &status);

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
