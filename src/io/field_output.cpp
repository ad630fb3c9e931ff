// Field output: the hierarchy's triangulation and fields into a case record, and the XDMF text that
// points ParaView (and meshio) at them inside the HDF5 file.
#include "tribo/io/field_output.hpp"

#include "tribo/core/error.hpp"
#include "tribo/io/hdf5_handle.hpp"

#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

namespace tribo {

namespace fs = std::filesystem;

std::vector<long long> triangulateHierarchy(const BinaryHierarchy &grid) {
  std::vector<long long> tri;
  auto g = [&](int row, std::int64_t index) {
    return static_cast<long long>(grid.globalIndex({row, index}));
  };
  auto add = [&](long long a, long long b, long long c) { tri.insert(tri.end(), {a, b, c}); };
  for (int r = 0; r + 1 < grid.rowCount(); ++r) {
    const int lo = r + 1;
    const std::int64_t n_lower = grid.nodesInRow(lo);
    if (grid.stride(lo) == grid.stride(r)) {
      // Quads between equal rows: top-left a, top-right b, bottom-right c, bottom-left d.
      for (std::int64_t i = 0; i + 1 < n_lower; ++i) {
        const long long a = g(r, i), b = g(r, i + 1), c = g(lo, i + 1), d = g(lo, i);
        add(a, d, c);
        add(a, c, b);
      }
    } else if (grid.stride(lo) == 2 * grid.stride(r)) {
      // A coarse interval below three fine nodes: fan around the fine row's middle node.
      for (std::int64_t j = 0; j + 1 < n_lower; ++j) {
        const long long f0 = g(r, 2 * j), f1 = g(r, 2 * j + 1), f2 = g(r, 2 * j + 2);
        const long long c0 = g(lo, j), c1 = g(lo, j + 1);
        add(f0, c0, f1);
        add(f1, c0, c1);
        add(f1, c1, f2);
      }
    } else {
      throw SolverError(fmt::format("triangulateHierarchy: row {} has stride {} below stride {}", lo,
                                    grid.stride(lo), grid.stride(r)));
    }
  }
  return tri;
}

namespace {

/// u, w, f_x, f_z and displacement (u, -w, 0 in the frame of the points) under `group`.
void recordNodalFields(CaseRecord &record, const std::string &group, const BinaryHierarchy &grid,
                       const SlabFields &fields) {
  const auto n = static_cast<std::size_t>(grid.nodeCount());
  if (fields.u.size() != n || fields.w.size() != n || fields.fx.size() != n || fields.fz.size() != n)
    throw SolverError(
        fmt::format("recordSlabFields: {} nodes, but the fields hold {} values", n, fields.u.size()));
  std::vector<double> displacement(3 * n, 0.0);
  for (std::size_t g = 0; g < n; ++g) {
    displacement[3 * g] = fields.u[g];
    displacement[3 * g + 1] = -fields.w[g];
  }
  record.dataset(group + "/u", fields.u, "m");
  record.dataset(group + "/w", fields.w, "m");
  record.dataset(group + "/f_x", fields.fx, "N/m");
  record.dataset(group + "/f_z", fields.fz, "N/m");
  record.dataset(group + "/displacement", std::move(displacement), "m", {static_cast<unsigned long>(n), 3});
  record.attribute(group, "displacement_columns", std::string("u, -w, 0"));
}

} // namespace

void recordFieldMesh(CaseRecord &record, const BinaryHierarchy &grid) {
  const auto n = static_cast<std::size_t>(grid.nodeCount());
  std::vector<double> points(2 * n);
  for (std::size_t g = 0; g < n; ++g) {
    const NodeRef node = grid.node(static_cast<std::int64_t>(g));
    points[2 * g] = grid.x(node);
    points[2 * g + 1] = -grid.z(node);
  }
  const std::vector<long long> tri = triangulateHierarchy(grid);
  const unsigned long n_tri = tri.size() / 3;
  record.dataset("fields/points", std::move(points), "m", {static_cast<unsigned long>(n), 2});
  record.integerDataset("fields/triangles", tri, {n_tri, 3});
  record.attribute("fields", "nodes", static_cast<long long>(n));
  record.attribute("fields", "triangles", static_cast<long long>(n_tri));
  record.attribute("fields", "points_columns", std::string("x, -z (z downward from the surface)"));
}

void recordSlabFields(CaseRecord &record, const BinaryHierarchy &grid, const SlabFields &fields) {
  recordFieldMesh(record, grid);
  recordNodalFields(record, "fields", grid, fields);
}

void recordFieldSnapshot(CaseRecord &record, const BinaryHierarchy &grid, long long event, double delta,
                         const SlabFields &fields, const std::vector<char> &in_contact) {
  const std::string group = fmt::format("fields/event_{:06d}", event);
  recordNodalFields(record, group, grid, fields);
  std::vector<long long> contact(static_cast<std::size_t>(grid.nodeCount()), 0);
  for (std::size_t k = 0; k < in_contact.size(); ++k)
    if (in_contact[k])
      contact[static_cast<std::size_t>(grid.globalIndex({0, static_cast<std::int64_t>(k)}))] = 1;
  record.integerDataset(group + "/contact", contact);
  record.attribute(group + "/contact", "values",
                   std::string("1 a top node in contact with the pin, 0 any other node"));
  record.attribute(group, "event", event);
  record.attribute(group, "delta", delta); // [m]
}

namespace {

bool exists(hid_t file, const std::string &path) {
  // H5Lexists needs every parent to exist: check one component at a time.
  std::size_t start = 1;
  while (start <= path.size()) {
    const auto slash = path.find('/', start);
    const std::string partial = path.substr(0, slash == std::string::npos ? path.size() : slash);
    if (H5Lexists(file, partial.c_str(), H5P_DEFAULT) <= 0) return false;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return true;
}

unsigned long long rowsOf(hid_t file, const std::string &path) {
  H5Handle set(H5Dopen2(file, path.c_str(), H5P_DEFAULT), H5Dclose, "open " + path);
  H5Handle space(H5Dget_space(set), H5Sclose, "get the space of " + path);
  hsize_t dims[2] = {0, 0};
  if (H5Sget_simple_extent_ndims(space) != 2) throw IoError("HDF5: " + path + " is not two-dimensional");
  h5check(H5Sget_simple_extent_dims(space, dims, nullptr), "read the shape of " + path);
  return dims[0];
}

std::string xmlEscape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// The time series' steps under `fields` (groups event_*, in event order), each with its delta.
std::vector<FieldStep> findFieldSteps(hid_t file, const std::string &fields) {
  H5Handle group(H5Gopen2(file, fields.c_str(), H5P_DEFAULT), H5Gclose, "open " + fields);
  std::vector<std::string> names;
  const auto collect = [](hid_t, const char *name, const H5L_info_t *, void *out) -> herr_t {
    if (std::string(name).rfind("event_", 0) == 0)
      static_cast<std::vector<std::string> *>(out)->push_back(name);
    return 0;
  };
  h5check(H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, nullptr, collect, &names), "list " + fields);
  std::vector<FieldStep> steps;
  for (const std::string &name : names) { // zero-padded: the name order is the event order
    H5Handle attr(H5Aopen_by_name(group, name.c_str(), "delta", H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                  "open " + fields + "/" + name + " delta");
    FieldStep step{name, 0.0};
    h5check(H5Aread(attr, H5T_NATIVE_DOUBLE, &step.time), "read " + fields + "/" + name + " delta");
    steps.push_back(step);
  }
  return steps;
}

} // namespace

std::vector<FieldGrid> findFieldGrids(hid_t file, const std::set<std::string> &case_ids) {
  std::vector<FieldGrid> grids;
  for (const std::string &id : case_ids) {
    const std::string base = "/cases/" + id + "/fields";
    if (!exists(file, base + "/points") || !exists(file, base + "/triangles")) continue;
    grids.push_back(
        {id, rowsOf(file, base + "/points"), rowsOf(file, base + "/triangles"), findFieldSteps(file, base)});
  }
  return grids;
}

std::string xdmfPath(const std::string &h5_path, const std::string &case_id, bool only_case) {
  fs::path p(h5_path);
  std::string name = p.stem().string();
  if (!only_case) {
    std::string safe = case_id;
    for (char &c : safe)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '=' || c == '-' ||
            c == '+'))
        c = '_';
    name += "." + safe;
  }
  return (p.parent_path() / (name + ".xmf")).string();
}

namespace {

/// The XDMF text of one case's fields: a uniform grid, or a temporal collection of its steps.
std::string fieldXdmf(const std::string &h5_name, const FieldGrid &grid) {
  const std::string where = xmlEscape(h5_name + ":/cases/" + grid.case_id + "/fields/");
  auto item = [&](const std::string &name, const std::string &dims, const std::string &type) {
    return fmt::format("<DataItem Dimensions=\"{}\" DataType=\"{}\" Precision=\"8\" Format=\"HDF\">{}{}"
                       "</DataItem>\n",
                       dims, type, where, name);
  };
  const std::string n = std::to_string(grid.nodes);
  const std::string mesh =
      fmt::format("      <Topology Type=\"Triangle\" NumberOfElements=\"{}\">\n        {}      </Topology>\n"
                  "      <Geometry Type=\"XY\">\n        {}      </Geometry>\n",
                  grid.triangles, item("triangles", fmt::format("{} 3", grid.triangles), "Int"),
                  item("points", n + " 2", "Float"));
  auto attributes = [&](const std::string &prefix, bool contact) {
    std::string text;
    auto one = [&](const char *name, const char *type, const std::string &dims, const char *number) {
      text += fmt::format("      <Attribute Name=\"{}\" AttributeType=\"{}\" Center=\"Node\">\n        {}"
                          "      </Attribute>\n",
                          name, type, item(prefix + name, dims, number));
    };
    for (const char *name : {"u", "w", "f_x", "f_z"})
      one(name, "Scalar", n, "Float");
    one("displacement", "Vector", n + " 3", "Float");
    if (contact) one("contact", "Scalar", n, "Int");
    return text;
  };
  std::string text = "<?xml version=\"1.0\"?>\n<Xdmf Version=\"3.0\" "
                     "xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n  <Domain>\n";
  if (grid.steps.empty()) {
    text += fmt::format("    <Grid Name=\"{}\" GridType=\"Uniform\">\n", xmlEscape(grid.case_id));
    text += mesh + attributes("", false) + "    </Grid>\n";
  } else {
    // The mesh once, each step including it (as meshio's TimeSeriesWriter and ParaView expect).
    text += "    <Grid Name=\"mesh\" GridType=\"Uniform\">\n" + mesh + "    </Grid>\n";
    text += fmt::format("    <Grid Name=\"{}\" GridType=\"Collection\" CollectionType=\"Temporal\">\n",
                        xmlEscape(grid.case_id));
    for (const FieldStep &step : grid.steps) {
      text += fmt::format("    <Grid Name=\"{}\" GridType=\"Uniform\">\n", step.group);
      text += "      <xi:include xpointer=\"xpointer(//Grid[@Name=&quot;mesh&quot;]/*[self::Topology or "
              "self::Geometry])\"/>\n";
      text += fmt::format("      <Time Value=\"{:.17g}\"/>\n", step.time);
      text += attributes(step.group + "/", true) + "    </Grid>\n";
    }
    text += "    </Grid>\n";
  }
  return text + "  </Domain>\n</Xdmf>\n";
}

} // namespace

void writeFieldXdmf(const std::string &h5_path, const std::vector<FieldGrid> &grids) {
  const std::string h5_name = fs::path(h5_path).filename().string();
  for (const FieldGrid &grid : grids) {
    const std::string path = xdmfPath(h5_path, grid.case_id, grids.size() == 1);
    std::ofstream out(path, std::ios::trunc);
    out << fieldXdmf(h5_name, grid);
    out.close();
    if (!out) throw IoError("cannot write the XDMF file '" + path + "'");
  }
}

} // namespace tribo
