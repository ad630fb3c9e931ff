// Packing a finished case for the writer, and the non-blocking sends of the groups' roots.
#include "tribo/study/case_message.hpp"

#include "tribo/core/error.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

namespace tribo {

namespace {
constexpr std::size_t header = 1 + sizeof(long long) + sizeof(double);
}

CharCount::CharCount(std::size_t chars, std::size_t piece) {
  piece = std::clamp<std::size_t>(piece, 1, INT_MAX);
  if (chars <= piece) {
    count_ = static_cast<int>(chars);
    return;
  }
  MPI_Datatype unit = MPI_DATATYPE_NULL, units = MPI_DATATYPE_NULL;
  TRIBO_MPI_CALL(MPI_Type_contiguous(static_cast<int>(piece), MPI_CHAR, &unit));
  const int rc = MPI_Type_contiguous(static_cast<int>(chars / piece), unit, &units);
  TRIBO_MPI_CALL(MPI_Type_free(&unit)); // units keeps what it needs of it
  TRIBO_MPI_CALL(rc);
  int lengths[2] = {1, static_cast<int>(chars % piece)};
  MPI_Aint displacements[2] = {0, static_cast<MPI_Aint>(chars / piece * piece)};
  MPI_Datatype types[2] = {units, MPI_CHAR};
  const int made = MPI_Type_create_struct(2, lengths, displacements, types, &type_);
  TRIBO_MPI_CALL(MPI_Type_free(&units));
  TRIBO_MPI_CALL(made);
  TRIBO_MPI_CALL(MPI_Type_commit(&type_));
  count_ = 1;
}

CharCount::~CharCount() {
  // A destructor must not throw; a datatype that cannot be freed is only leaked.
  if (type_ != MPI_CHAR) (void)MPI_Type_free(&type_);
}

std::size_t messageChars(const MPI_Status &status) {
  MPI_Count chars = 0;
  TRIBO_MPI_CALL(MPI_Get_elements_x(&status, MPI_CHAR, &chars));
  if (chars == MPI_UNDEFINED || chars < 0) throw IoError("a case message of an unknown size arrived");
  return static_cast<std::size_t>(chars);
}

std::vector<char> CaseMessage::pack() const {
  std::vector<char> out(header + payload.size());
  out[0] = static_cast<char>(kind);
  std::memcpy(out.data() + 1, &index, sizeof index);
  std::memcpy(out.data() + 1 + sizeof index, &busy, sizeof busy);
  if (!payload.empty()) std::memcpy(out.data() + header, payload.data(), payload.size());
  return out;
}

CaseMessage CaseMessage::unpack(const std::vector<char> &bytes) {
  if (bytes.size() < header) throw IoError("corrupt case message: shorter than its header");
  CaseMessage m;
  m.kind = static_cast<Message>(bytes[0]);
  if (m.kind != Message::result && m.kind != Message::failure && m.kind != Message::done)
    throw IoError("corrupt case message: unknown kind");
  std::memcpy(&m.index, bytes.data() + 1, sizeof m.index);
  std::memcpy(&m.busy, bytes.data() + 1 + sizeof m.index, sizeof m.busy);
  m.payload.assign(bytes.begin() + header, bytes.end());
  return m;
}

void CaseSender::send(const CaseMessage &message) {
  in_flight_.emplace_back(message.pack(), MPI_REQUEST_NULL);
  auto &m = in_flight_.back();
  const CharCount chars(m.first.size()); // freed once the send is started: MPI keeps what it needs
  TRIBO_MPI_CALL(MPI_Isend(m.first.data(), chars.count(), chars.type(), 0, 0, world_, &m.second));
  // The earlier results move on now that the writer may have posted their receives: a result is
  // thus written about two cases after it finished.
  pushOn();
}

void CaseSender::pushOn() {
  in_flight_.remove_if([](std::pair<std::vector<char>, MPI_Request> &sent) {
    int complete = 0;
    TRIBO_MPI_CALL(MPI_Test(&sent.second, &complete, MPI_STATUS_IGNORE));
    return complete != 0;
  });
}

void CaseSender::finish() {
  if (!finished_) {
    finished_ = true;
    send(CaseMessage{});
  }
  for (auto &m : in_flight_)
    TRIBO_MPI_CALL(MPI_Wait(&m.second, MPI_STATUS_IGNORE));
  in_flight_.clear();
}

CaseSender::~CaseSender() {
  // Sends are still pending only if finish() failed, i.e. MPI itself did: waiting could block for
  // ever, so the requests are let go and their buffers deliberately leaked (MPI may still read them).
  for (auto &m : in_flight_) {
    if (m.second == MPI_REQUEST_NULL) continue;
    MPI_Request_free(&m.second);
    new std::vector<char>(std::move(m.first));
  }
}

} // namespace tribo
