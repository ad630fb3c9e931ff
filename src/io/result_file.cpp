// HDF5 output of a run: provenance at the root, one group per case, written atomically by rename.
#include "tribo/io/result_file.hpp"

#include "tribo/io/checkpoint_file.hpp"
#include "tribo/io/field_output.hpp"

#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <functional>

namespace tribo {

namespace fs = std::filesystem;

std::string h5ErrorDetail() {
  // Walked from the API call inwards: the innermost description is the most specific, and a failed
  // read or write of the file driver carries the system's message ("error message = 'No space ...'").
  struct Found {
    std::string innermost, system;
  } found;
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_DOWNWARD,
      [](unsigned, const H5E_error2_t *e, void *data) -> herr_t {
        auto *f = static_cast<Found *>(data);
        if (!e->desc) return 0;
        const std::string desc = e->desc;
        f->innermost = desc;
        const std::string tag = "error message = '";
        const auto at = desc.find(tag);
        if (at != std::string::npos) {
          const auto end = desc.find('\'', at + tag.size());
          f->system = desc.substr(at + tag.size(), end == std::string::npos ? end : end - at - tag.size());
        }
        return 0;
      },
      &found);
  if (!found.system.empty()) return ": " + found.system;
  if (!found.innermost.empty()) return " (" + found.innermost + ")";
  return "";
}

namespace {

H5Handle linkCreationWithParents() {
  H5Handle lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose, "create a link property list");
  h5check(H5Pset_create_intermediate_group(lcpl, 1), "set intermediate group creation");
  return lcpl;
}

H5Handle utf8String() {
  H5Handle t(H5Tcopy(H5T_C_S1), H5Tclose, "copy the string type");
  h5check(H5Tset_size(t, H5T_VARIABLE), "make a variable-length string type");
  h5check(H5Tset_cset(t, H5T_CSET_UTF8), "set UTF-8");
  return t;
}

bool linkExists(hid_t file, const std::string &path) {
  // H5Lexists needs every parent to exist: check the path one component at a time.
  std::string partial;
  std::size_t start = 1;
  while (start <= path.size()) {
    const auto slash = path.find('/', start);
    partial = path.substr(0, slash == std::string::npos ? path.size() : slash);
    if (H5Lexists(file, partial.c_str(), H5P_DEFAULT) <= 0) return false;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return true;
}

std::string casePath(const std::string &id) {
  return "/cases/" + id;
}

/// Whether /cases/<name> carries status = "complete".
bool isComplete(hid_t cases, const char *name) {
  H5Handle g(H5Gopen2(cases, name, H5P_DEFAULT), H5Gclose, "open case group");
  if (H5Aexists(g, "status") <= 0) return false;
  H5Handle attr(H5Aopen(g, "status", H5P_DEFAULT), H5Aclose, "read status");
  H5Handle type = utf8String();
  char *text = nullptr;
  h5check(H5Aread(attr, type, &text), "read status");
  const bool complete = text && std::string(text) == "complete";
  H5free_memory(text);
  return complete;
}

} // namespace

void writeH5Attribute(hid_t object, const std::string &name, const AttributeValue &value) {
  if (H5Aexists(object, name.c_str()) > 0)
    h5check(H5Adelete(object, name.c_str()), "replace attribute " + name);
  std::visit(
      [&](const auto &v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string>) {
          H5Handle type = utf8String();
          H5Handle space(H5Screate(H5S_SCALAR), H5Sclose, "create a scalar space");
          H5Handle attr(H5Acreate2(object, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                        "create attribute " + name);
          const char *text = v.c_str();
          h5check(H5Awrite(attr, type, &text), "write attribute " + name);
        } else if constexpr (std::is_same_v<T, std::vector<double>>) {
          // An empty list (no re-sticks, say) is a null dataspace: h5py reads it as h5py.Empty.
          const hsize_t n = v.size();
          H5Handle space(n ? H5Screate_simple(1, &n, nullptr) : H5Screate(H5S_NULL), H5Sclose,
                         "create a space");
          H5Handle attr(H5Acreate2(object, name.c_str(), H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT),
                        H5Aclose, "create attribute " + name);
          if (n) h5check(H5Awrite(attr, H5T_NATIVE_DOUBLE, v.data()), "write attribute " + name);
        } else {
          const hid_t type = std::is_same_v<T, double> ? H5T_NATIVE_DOUBLE : H5T_NATIVE_LLONG;
          H5Handle space(H5Screate(H5S_SCALAR), H5Sclose, "create a scalar space");
          H5Handle attr(H5Acreate2(object, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                        "create attribute " + name);
          h5check(H5Awrite(attr, type, &v), "write attribute " + name);
        }
      },
      value);
}

ResultFile::ResultFile(const std::string &final_path, const std::string &input_text, Policy policy)
    : final_path_(final_path), partial_path_(partialPath(final_path)) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); // errors become IoError, not HDF5's stack dumps
  // Refused before any work: the final rename would fail only after every case had run.
  for (const auto &p : {final_path_, partial_path_})
    if (fs::is_directory(p))
      throw IoError(fmt::format("output '{}' is a directory; -o takes the name of a file to write", p));
  const bool final_exists = fs::exists(final_path_);
  const bool partial_exists = fs::exists(partial_path_);
  if (final_exists && !policy.overwrite && !policy.resume)
    throw IoError(fmt::format(
        "output file '{}' exists; pass --overwrite to replace it or --resume to continue it", final_path_));

  // The room for the last flush after a full disk, taken before the file is touched.
  reserve_.emplace(partial_path_ + ".reserve");

  if (policy.resume && (partial_exists || final_exists)) {
    // The same input, or the cases would mean something else. Checked before anything is renamed:
    // a refused resume leaves the files as they were.
    const std::string &source = partial_exists ? partial_path_ : final_path_;
    {
      H5Handle previous_file(H5Fopen(source.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose,
                             "open '" + source + "' to resume (is it an HDF5 file written by tribo?)");
      std::string previous;
      if (H5Aexists(previous_file, "input_yaml") > 0) {
        H5Handle attr(H5Aopen(previous_file, "input_yaml", H5P_DEFAULT), H5Aclose, "read input_yaml");
        H5Handle type = utf8String();
        char *text = nullptr;
        h5check(H5Aread(attr, type, &text), "read input_yaml");
        previous = text ? text : "";
        H5free_memory(text);
      }
      if (previous != input_text)
        throw IoError(fmt::format("--resume refused: '{}' was written from a different input (its attribute "
                                  "input_yaml differs from this run's input with its --set overrides); use a "
                                  "new output name, or --overwrite to start again",
                                  source));
    }
    if (!partial_exists) fs::rename(final_path_, partial_path_);
    file_ = H5Handle(H5Fopen(partial_path_.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose,
                     "open '" + partial_path_ + "' to resume (is it an HDF5 file written by tribo?)");
    if (linkExists(file_, "/cases")) {
      H5Handle cases(H5Gopen2(file_, "/cases", H5P_DEFAULT), H5Gclose, "open /cases");
      H5G_info_t info;
      h5check(H5Gget_info(cases, &info), "list /cases");
      std::vector<std::string> unfinished;
      for (hsize_t i = 0; i < info.nlinks; ++i) {
        char name[1024];
        H5Lget_name_by_idx(cases, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
        if (isComplete(cases, name))
          completed_.insert(name);
        else
          unfinished.push_back(name);
      }
      // Cases cut off mid-write, or failed earlier, are done again.
      for (const auto &name : unfinished)
        h5check(H5Ldelete(cases, name.c_str(), H5P_DEFAULT), "drop case " + name);
    }
    h5check(H5Fflush(file_, H5F_SCOPE_GLOBAL), "flush '" + partial_path_ + "'");
    return;
  }

  if (partial_exists) fs::remove(partial_path_);
  removeCheckpoints(final_path_); // an earlier run's, of cases that are not resumed
  file_ = H5Handle(H5Fcreate(partial_path_.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose,
                   "create '" + partial_path_ + "'");
  // The skeleton (input, empty /cases) goes to disk before any case runs: a run killed while it
  // computes its first case leaves a valid file that --resume opens.
  writeRootAttribute("input_yaml", input_text);
  H5Handle lcpl = linkCreationWithParents();
  H5Handle(H5Gcreate2(file_, "/cases", lcpl, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, "create /cases");
  h5check(H5Fflush(file_, H5F_SCOPE_GLOBAL), "flush '" + partial_path_ + "'");
}

std::size_t ResultFile::closeAndCountComplete() {
  file_.reset();
  H5Handle file(H5Fopen(partial_path_.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose,
                "reopen '" + partial_path_ + "' after the failed write");
  std::size_t n = 0;
  if (!linkExists(file, "/cases")) return n;
  H5Handle cases(H5Gopen2(file, "/cases", H5P_DEFAULT), H5Gclose, "open /cases");
  H5G_info_t info;
  h5check(H5Gget_info(cases, &info), "list /cases");
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    char name[1024];
    H5Lget_name_by_idx(cases, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
    n += isComplete(cases, name);
  }
  return n;
}

ResultFile::~ResultFile() {
  file_.reset();
}

void ResultFile::writeRootAttribute(const std::string &name, const AttributeValue &value) {
  writeH5Attribute(file_, name, value);
}

void ResultFile::writeRootAttributes(const std::map<std::string, AttributeValue> &attributes) {
  if (broken_)
    throw IoError(fmt::format("'{}' is not written to after an earlier write failed", partial_path_));
  try {
    for (const auto &[name, value] : attributes)
      writeH5Attribute(file_, name, value);
    h5check(H5Fflush(file_, H5F_SCOPE_GLOBAL), "flush the output file");
  } catch (const IoError &e) {
    broken_ = true;
    reserve_->release();
    for (const auto &[name, value] : attributes)
      if (H5Aexists(file_, name.c_str()) > 0) H5Adelete(file_, name.c_str());
    H5Fflush(file_, H5F_SCOPE_GLOBAL);
    throw IoError(fmt::format("{} (while writing the provenance of '{}')", e.what(), partial_path_));
  }
}

void ResultFile::openGroupForCase(const std::string &id) {
  if (linkExists(file_, casePath(id)))
    h5check(H5Ldelete(file_, casePath(id).c_str(), H5P_DEFAULT), "replace case " + id);
}

void ResultFile::writeCase(const std::string &id, const std::map<std::string, AttributeValue> &parameters,
                           const CaseRecord &record) {
  writeGuarded(id, [&](hid_t group, hid_t lcpl) {
    for (const auto &[path, d] : record.datasets()) {
      std::vector<hsize_t> dims(d.shape.begin(), d.shape.end());
      if (dims.empty()) dims.push_back(d.values.size());
      H5Handle space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose,
                     "create a space for " + path);
      const hid_t type = d.integer ? H5T_NATIVE_LLONG : H5T_NATIVE_DOUBLE;
      H5Handle set(H5Dcreate2(group, path.c_str(), type, space, lcpl, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
                   fmt::format("create dataset {}/{}", casePath(id), path));
      if (d.integer) {
        const std::vector<long long> ints(d.values.begin(), d.values.end());
        if (!ints.empty())
          h5check(H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, ints.data()), "write dataset " + path);
      } else if (!d.values.empty()) {
        h5check(H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, d.values.data()), "write dataset " + path);
      }
      writeH5Attribute(set, "unit", d.unit);
    }
    for (const auto &[sub, attrs] : record.attributes()) {
      H5Handle target;
      if (sub.empty()) {
        target = H5Handle(H5Oopen(group, ".", H5P_DEFAULT), H5Oclose, "open case group");
      } else {
        if (!linkExists(group, "./" + sub) && H5Lexists(group, sub.c_str(), H5P_DEFAULT) <= 0)
          H5Handle(H5Gcreate2(group, sub.c_str(), lcpl, H5P_DEFAULT, H5P_DEFAULT), H5Gclose,
                   "create group " + sub);
        target = H5Handle(H5Oopen(group, sub.c_str(), H5P_DEFAULT), H5Oclose, "open " + sub);
      }
      for (const auto &[name, value] : attrs)
        writeH5Attribute(target, name, value);
    }
    for (const auto &[name, value] : parameters)
      writeH5Attribute(group, name, value);
    // Marked last: a group without status=complete is redone by --resume.
    writeH5Attribute(group, "status", std::string("complete"));
  });
  completed_.insert(id);
  removeCheckpoint(checkpointPath(final_path_, id)); // the case is safe: its checkpoint has served
}

void ResultFile::writeFailedCase(const std::string &id,
                                 const std::map<std::string, AttributeValue> &parameters,
                                 const std::string &message) {
  writeGuarded(id, [&](hid_t group, hid_t) {
    for (const auto &[name, value] : parameters)
      writeH5Attribute(group, name, value);
    writeH5Attribute(group, "error", message);
    writeH5Attribute(group, "status", std::string("failed"));
  });
  removeCheckpoint(checkpointPath(final_path_, id)); // a retry starts the case afresh
}

void ResultFile::writeGuarded(const std::string &id, const std::function<void(hid_t, hid_t)> &body) {
  if (broken_)
    throw IoError(fmt::format("'{}' is not written to after an earlier write failed", partial_path_));
  try {
    openGroupForCase(id);
    H5Handle lcpl = linkCreationWithParents();
    {
      H5Handle group(H5Gcreate2(file_, casePath(id).c_str(), lcpl, H5P_DEFAULT, H5P_DEFAULT), H5Gclose,
                     "create group " + casePath(id));
      body(group, lcpl);
    }
    h5check(H5Fflush(file_, H5F_SCOPE_GLOBAL), "flush the output file");
  } catch (const IoError &e) {
    // Disk full, quota, a failing device: the case's half-written group is unlinked before anything
    // more reaches the disk, so the metadata flushed next describes exactly the cases completed
    // before (their blocks are on disk since their own flush). Nothing is written after this.
    broken_ = true;
    reserve_->release();
    if (linkExists(file_, casePath(id))) H5Ldelete(file_, casePath(id).c_str(), H5P_DEFAULT);
    H5Fflush(file_, H5F_SCOPE_GLOBAL);
    throw IoError(fmt::format("{} (while writing case '{}' to '{}')", e.what(), id, partial_path_));
  }
}

void ResultFile::commit() {
  // Cases with field output get their XDMF files beside the final name, which they reference.
  const std::vector<FieldGrid> field_grids = findFieldGrids(file_, completed_);
  file_.reset();
  reserve_->release();
  std::error_code ec;
  fs::rename(partial_path_, final_path_, ec);
  if (ec)
    throw IoError(fmt::format("cannot rename '{}' to '{}': {}", partial_path_, final_path_, ec.message()));
  committed_ = true;
  removeCheckpoints(final_path_);
  writeFieldXdmf(final_path_, field_grids);
}

ResultReader::ResultReader(const std::string &path) : path_(path) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  file_ = H5Handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open '" + path + "'");
}

bool ResultReader::exists(const std::string &object_path) const {
  return linkExists(file_, object_path);
}

std::vector<unsigned long> ResultReader::shape(const std::string &path) const {
  H5Handle set(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), H5Dclose,
               fmt::format("open {} in {}", path, path_));
  H5Handle space(H5Dget_space(set), H5Sclose, "get the space of " + path);
  const int rank = H5Sget_simple_extent_ndims(space);
  std::vector<hsize_t> dims(rank > 0 ? rank : 0);
  H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  return {dims.begin(), dims.end()};
}

std::vector<double> ResultReader::dataset(const std::string &path) const {
  H5Handle set(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), H5Dclose,
               fmt::format("open {} in {}", path, path_));
  H5Handle space(H5Dget_space(set), H5Sclose, "get the space of " + path);
  const hssize_t n = H5Sget_simple_extent_npoints(space);
  std::vector<double> values(n > 0 ? n : 0);
  if (n > 0)
    h5check(H5Dread(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), "read " + path);
  return values;
}

bool ResultReader::hasAttribute(const std::string &object_path, const std::string &name) const {
  return exists(object_path) || object_path == "/"
             ? H5Aexists_by_name(file_, object_path.c_str(), name.c_str(), H5P_DEFAULT) > 0
             : false;
}

AttributeValue ResultReader::attribute(const std::string &object_path, const std::string &name) const {
  H5Handle attr(H5Aopen_by_name(file_, object_path.c_str(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                fmt::format("read attribute {} of {} in {}", name, object_path, path_));
  H5Handle type(H5Aget_type(attr), H5Tclose, "get an attribute type");
  H5Handle space(H5Aget_space(attr), H5Sclose, "get an attribute space");
  const H5T_class_t cls = H5Tget_class(type);
  if (cls == H5T_STRING) {
    H5Handle mem = utf8String();
    char *text = nullptr;
    h5check(H5Aread(attr, mem, &text), "read attribute " + name);
    std::string s = text ? text : "";
    H5free_memory(text);
    return s;
  }
  if (H5Sget_simple_extent_type(space) == H5S_NULL) return std::vector<double>{};
  const hssize_t n = H5Sget_simple_extent_npoints(space);
  if (cls == H5T_INTEGER && n == 1) {
    long long v = 0;
    h5check(H5Aread(attr, H5T_NATIVE_LLONG, &v), "read attribute " + name);
    return v;
  }
  std::vector<double> v(n > 0 ? n : 0);
  h5check(H5Aread(attr, H5T_NATIVE_DOUBLE, v.data()), "read attribute " + name);
  if (H5Sget_simple_extent_type(space) == H5S_SCALAR) return v.at(0);
  return v;
}

} // namespace tribo
