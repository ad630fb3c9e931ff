"""Every command quoted in the docs names inputs, scripts and tests that exist (issue 19, item 6).

Usage: docs_commands.py TRIBO SOURCE_DIR [DOC ...]   (default: docs/reproduction.md docs/cluster.md)

The commands are the code spans and indented or fenced blocks of each document. For each one:
- `tribo run input/X.yaml [--set k=v ...]` (also after `mpiexec -n N`; a bare name such as study.yaml is a
  placeholder and skipped): `tribo validate` with the same input and
  `--set` overrides must accept it (the input exists, every key is read by its study, every value is in range);
- `python3 scripts/X.py [--flag ...]`, `bash scripts/X.sh`, `sbatch scripts/slurm/X.sbatch`: the script
  exists, a Python script answers `--help` (it imports: numpy, h5py, python/tribo) and names each flag
  the command uses; an `input/...` argument exists;
- `ctest -R REGEX`: at least one test of the build matches (`ctest -N` in the build directory of TRIBO);
- `build/.../bench_X` and `build/.../tests/unit_X`: their sources bench/bench_X.cpp, tests/unit/test_X.cpp;
- any repository path in a span or a link (input/, scripts/, tests/, docs/, docker/, bench/): it exists.
Prints one line per failure with file:line and exits 1 when there is one.
"""
import os
import re
import shlex
import subprocess
import sys

tribo, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
docs = sys.argv[3:] or ["docs/reproduction.md", "docs/cluster.md"]
build_dir = os.path.dirname(os.path.dirname(tribo))  # build/release/bin/tribo -> build/release
PATH_RE = re.compile(r"(?<![\w./-])((?:input|scripts|tests|docs|docker|bench)/[\w./+-]*[\w/])")
failures, checked = [], 0


def fail(where, what):
    failures.append(f"{where}: {what}")
    print(f"FAIL {where}: {what}")


def spans(path):
    """(line number, text) of each code span (`...`, may cross lines) and each code block line."""
    lines = open(os.path.join(src, path), encoding="utf-8").read().split("\n")
    out, fenced = [], False
    for i, line in enumerate(lines, 1):
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or (line.startswith("    ") and line.strip() and not line.lstrip().startswith(("-", "|"))):
            out.append((i, line.strip()))
    text = "\n".join(lines)
    for m in re.finditer(r"(?<!`)`([^`]+)`(?!`)", text):
        out.append((text.count("\n", 0, m.start()) + 1, m.group(1).replace("\n", " ")))
    return out


def words(command):
    try:
        return shlex.split(command.replace("\\|", "|"))
    except ValueError:
        return command.split()


def check_paths(where, text):
    for p in PATH_RE.findall(text):
        p = p.rstrip(".")
        if "<" in p or "*" in p or not os.path.exists(os.path.join(src, p)):
            if "<" not in p and "*" not in p:
                fail(where, f"{p} does not exist")


def check_tribo_run(where, argv):
    """argv starts after `run`: the input, then options; validated with the same --set overrides."""
    if not argv or not argv[0].endswith((".yaml", ".yml")) or "/" not in argv[0]:
        return  # no input, or a placeholder such as study.yaml
    args, i = [argv[0]], 1
    while i < len(argv):
        if argv[i] == "--set" and i + 1 < len(argv):
            args += ["--set", argv[i + 1]]
            i += 1
        elif argv[i].startswith("--set="):
            args.append(argv[i])
        i += 1
    r = subprocess.run([tribo, "validate"] + args, cwd=src, capture_output=True, text=True)
    if r.returncode != 0:
        fail(where, f"tribo validate {' '.join(args)}: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")


HELP = {}


def check_python_script(where, script, argv):
    if script not in HELP:
        r = subprocess.run(["/usr/bin/python3", script, "--help"], cwd=src, capture_output=True, text=True)
        HELP[script] = r.stdout if r.returncode == 0 else None
        if r.returncode != 0:
            fail(where, f"{script} --help exits {r.returncode}: {r.stderr.strip().splitlines()[-1:]}")
    for flag in (a.split("=")[0] for a in argv if a.startswith("--")):
        if HELP[script] is not None and flag not in HELP[script]:
            fail(where, f"{script} has no option {flag}")


def check_ctest(where, regex):
    r = subprocess.run(["ctest", "--test-dir", build_dir, "-N", "-R", regex], capture_output=True, text=True)
    m = re.search(r"Total Tests: (\d+)", r.stdout)
    if not m or int(m.group(1)) == 0:
        fail(where, f"ctest -R {regex!r} matches no test in {build_dir}")


def check_command(where, command):
    """One shell line, split at ;, && and |: each part checked by its first word."""
    global checked
    for part in re.split(r";\s*|\s+(?:&&|\|\||\|)\s+", command):
        w = words(part)
        while w and (w[0] in ("mpiexec", "mpirun", "srun", "env", "time") or "=" in w[0]):
            w = w[3:] if w[0] in ("mpiexec", "mpirun") and len(w) > 2 and w[1] in ("-n", "-np") else w[1:]
        if not w:
            continue
        head = os.path.basename(w[0])
        if head == "tribo" and len(w) > 1 and w[1] == "run":
            check_tribo_run(where, w[2:])
        elif head.startswith("python3") and len(w) > 1 and w[1].startswith("scripts/") and w[1].endswith(".py"):
            if os.path.exists(os.path.join(src, w[1])):
                check_python_script(where, w[1], w[2:])
        elif head == "ctest" and "-R" in w and w.index("-R") + 1 < len(w):
            check_ctest(where, w[w.index("-R") + 1])
        elif re.match(r"bench_\w+$", head) and w[0].startswith("build/"):
            if not os.path.exists(os.path.join(src, "bench", head + ".cpp")):
                fail(where, f"{w[0]}: no bench/{head}.cpp")
        elif re.match(r"unit_\w+$", head) and w[0].startswith("build/"):
            if not os.path.exists(os.path.join(src, "tests", "unit", head.replace("unit_", "test_", 1) + ".cpp")):
                fail(where, f"{w[0]}: no tests/unit/{head.replace('unit_', 'test_', 1)}.cpp")
        else:
            continue
        checked += 1


for doc in docs:
    for line, text in spans(doc):
        where = f"{doc}:{line}"
        check_paths(where, text)
        check_command(where, text)
    body = open(os.path.join(src, doc), encoding="utf-8").read()
    for m in re.finditer(r"\]\(([^)#\s]+)", body):  # Markdown links to files of the repository
        target = m.group(1)
        if not re.match(r"\w+://", target) and not os.path.exists(os.path.join(src, os.path.dirname(doc), target)):
            fail(f"{doc}:{body.count(chr(10), 0, m.start()) + 1}", f"link {target} does not exist")

print(f"{'FAILED' if failures else 'passed'}: {checked} commands checked in {', '.join(docs)}, {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
