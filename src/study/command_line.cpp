// The `tribo` command line (CLI11): subcommands run and validate, with PETSc's options passed through.
#include "tribo/study/command_line.hpp"

#include "tribo/core/error.hpp"
#include "tribo/core/log.hpp"
#include "tribo/core/petsc_options.hpp"
#include "tribo/core/version.hpp"
#include "tribo/io/result_file.hpp"
#include "tribo/study/config.hpp"
#include "tribo/study/study_registry.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fmt/format.h>

namespace tribo {

namespace {

/// PETSc options are single-dash words longer than one letter (`-ksp_type`, `-log_view`); tribo's own
/// are `--long` or one letter (`-o`, `-h`). A PETSc option takes the next word as its value unless that
/// word is itself an option or names the input file.
bool isPetscOption(const std::string &arg) {
  return arg.size() > 2 && arg[0] == '-' && arg[1] != '-' &&
         !std::isdigit(static_cast<unsigned char>(arg[1]));
}

bool looksLikeValue(const std::string &arg) {
  if (arg.empty()) return true;
  if (arg[0] == '-')
    return arg.size() > 1 && (std::isdigit(static_cast<unsigned char>(arg[1])) || arg[1] == '.');
  const auto ext = std::filesystem::path(arg).extension();
  return ext != ".yaml" && ext != ".yml";
}

std::string studiesText() {
  std::string text = "Studies (the input's `study:` key):\n";
  for (const auto &s : registeredStudies())
    text += fmt::format("  {:<16} {}\n", s.name, s.description);
  return text;
}

} // namespace

CommandLine::CommandLine(int argc, char **argv) {
  std::vector<std::string> own{argv[0]};
  petsc_args_.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string recorded = arg; // the option with its value, for the provenance
    if (isPetscOption(arg)) {
      petsc_args_.push_back(arg);
      petsc_option_names_.push_back(arg);
      if (i + 1 < argc && looksLikeValue(argv[i + 1])) {
        petsc_args_.push_back(argv[++i]);
        recorded += " " + petsc_args_.back();
      }
    } else {
      own.push_back(arg);
    }
    options_.command_line += (options_.command_line.empty() ? "" : " ") + recorded;
  }
  options_.command_line = std::string("tribo ") + options_.command_line;
  for (auto &a : petsc_args_)
    petsc_argv_.push_back(a.data());
  petsc_argv_.push_back(nullptr);
  petsc_argc_ = static_cast<int>(petsc_args_.size());
  petsc_argv_ptr_ = petsc_argv_.data();

  CLI::App app{"tribo: static and kinetic friction from nanoscale slip (SI units throughout).\n"
               "PETSc options (-ksp_type, -pc_type, -log_view, ...) may follow tribo's own arguments.",
               "tribo"};
  app.set_version_flag("--version", fmt::format("tribo {} (git {})", version, git_commit));
  app.require_subcommand(1);
  app.footer(studiesText() +
             "\nExit codes: 0 success, 1 bad input, 2 solver failure, 3 I/O failure, 4 interrupted by a "
             "signal (resumable with --resume).");

  auto *run = app.add_subcommand("run", "Run the study described by an input file and write HDF5 results");
  run->add_option("input", input_, "YAML input file (see docs/input.md)")
      ->required()
      ->check(CLI::ExistingFile);
  run->add_option("-o,--output", options_.output, "HDF5 output file")->capture_default_str();
  run->add_option("--set", overrides_, "Override an input key: --set slab.levels=6 (repeatable)");
  run->add_flag("--overwrite", options_.overwrite, "Replace an existing output file");
  run->add_flag("--resume", options_.resume,
                "Continue an interrupted run of the same input: skip the cases already complete");
  run->add_flag("-q,--quiet", options_.quiet, "No progress lines");
  run->add_flag("--fail-fast", options_.fail_fast, "Stop the study at the first failing case");
  run->add_option("--max-cases", max_cases_, "Refuse a study of more cases than this (a sweep's points)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  run->add_option("--ranks-per-case", options_.ranks_per_case,
                  "MPI ranks working on each case (default: one case per rank when there are enough cases)")
      ->check(CLI::NonNegativeNumber);

  auto *validate = app.add_subcommand("validate", "Check an input file without running it; list its cases");
  validate->add_option("input", input_, "YAML input file")->required()->check(CLI::ExistingFile);
  validate->add_option("--set", overrides_, "Override an input key: --set slab.levels=6 (repeatable)");
  validate->add_option("--max-cases", max_cases_, "Refuse a study of more cases than this (a sweep's points)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);

  try {
    std::vector<std::string> reversed(own.rbegin(), own.rend() - 1);
    app.parse(reversed);
  } catch (const CLI::ParseError &e) {
    finished_ = true;
    exit_code_ = app.exit(e);
    if (exit_code_ != 0) exit_code_ = static_cast<int>(ExitCode::bad_input);
    return;
  }
  subcommand_ = run->parsed() ? "run" : "validate";
}

int CommandLine::execute(MPI_Comm world) {
  ConfigNode config = ConfigNode::fromFile(input_);
  for (const auto &assignment : overrides_)
    config.applyOverride(assignment);
  std::vector<CasePlan> cases = buildStudy(config, max_cases_);

  if (subcommand_ == "validate") {
    print(world, "{}: valid input for study '{}' with {} case(s):\n", input_,
          config.yaml()["study"].as<std::string>(), cases.size());
    for (const auto &c : cases)
      print(world, "  {}\n", c.id);
    return static_cast<int>(ExitCode::success);
  }

  // The output must not be the input: `-o F.yaml --overwrite` would replace the input with HDF5.
  for (const auto &target : {options_.output, ResultFile::partialPath(options_.output)}) {
    std::error_code ec;
    if (std::filesystem::exists(target, ec) && std::filesystem::equivalent(input_, target, ec))
      throw InputError(fmt::format("-o '{}': {} is the input file; name another output file", options_.output,
                                   target == options_.output ? "that" : "its '.partial'"));
  }
  quietOutput() = options_.quiet;
  const RunSummary summary = runStudy(world, config, std::move(cases), options_);
  warnUnusedPetscOptions(world, petsc_option_names_);
  // Not finished takes precedence over failed cases: --resume redoes those too.
  if (summary.interrupted) return static_cast<int>(ExitCode::interrupted);
  if (summary.cases_failed > 0) {
    print(world, "tribo: {} case(s) failed; their errors are in /cases/<id>/ attribute 'error'\n",
          summary.cases_failed);
    return static_cast<int>(ExitCode::solver_failure);
  }
  return static_cast<int>(ExitCode::success);
}

} // namespace tribo
