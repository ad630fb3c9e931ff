// The checkpoints of the cases of one run (issue 18; docs/output.md, "Checkpoints"): one file per case
// beside the output, `<name>.partial.checkpoints/<hash of the id>.ckpt`, replaced atomically (written to
// `.tmp`, flushed, renamed), so a kill at any moment leaves the previous checkpoint or the new one.
// They are not inside the HDF5 `.partial`: HDF5 1.10 keeps no journal, so a kill in the middle of
// rewriting a large dataset there could leave the whole file unreadable, complete cases included.
#pragma once

#include "tribo/io/case_record.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tribo {

/// The directory of the checkpoints of the run that writes `final_path`.
std::string checkpointDirectory(const std::string &final_path);
/// The checkpoint file of case `case_id`.
std::string checkpointPath(const std::string &final_path, const std::string &case_id);

/// Replaces the case's checkpoint by `state` (IoError if it cannot be written; the previous one stays).
void writeCheckpoint(const std::string &path, const std::string &case_id, const CaseRecord &state);
/// The state saved in `path` for `case_id`, as CaseRecord::serialize bytes (checked, not parsed: they
/// are sent on to the case's ranks as they are); nullopt if there is none. A file that is truncated,
/// fails its checksum or belongs to another case is an IoError naming it.
std::optional<std::vector<char>> readCheckpoint(const std::string &path, const std::string &case_id);

/// Removes one case's checkpoint, or all of the run's; no error if absent.
void removeCheckpoint(const std::string &path);
void removeCheckpoints(const std::string &final_path);

} // namespace tribo
