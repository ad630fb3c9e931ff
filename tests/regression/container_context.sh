#!/usr/bin/env bash
# What a container build copies (no Docker or Apptainer engine needed): the Docker context after
# .dockerignore holds no build tree, results or figures, even after a build and a run in the source
# tree; the Apptainer def copies only directories that exist and no build/; the container scripts parse.
# Usage: container_context.sh TRIBO SOURCE_DIR
set -u
tribo="$1"; src="$2"
source "$src/tests/regression/farm_lib.bash"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# A copy of the tree with what the quickstart leaves behind: build/release/CMakeCache.txt, q.h5, figures/.
mkdir -p "$work/tree"
(cd "$src" && git ls-files -z --cached --others --exclude-standard | grep -zv '^build/' | xargs -0 cp --parents -t "$work/tree" 2>/dev/null)
mkdir -p "$work/tree/build/release" "$work/tree/figures" "$work/tree/tests/build"
touch "$work/tree/build/release/CMakeCache.txt" "$work/tree/quickstart.h5" "$work/tree/figures/fig6.png" \
      "$work/tree/p.xmf" "$work/tree/tests/build/x"
# docker_context DIR: the files Docker sends, by the .dockerignore rules (Go filepath.Match with **).
docker_context() {
  "$py" - "$1" <<'PY'
import os, re, sys
root = sys.argv[1]
def rx(p):
    p = p.strip().rstrip("/")
    out, i = "", 0
    while i < len(p):
        if p.startswith("**/", i): out += "(?:.*/)?"; i += 3
        elif p.startswith("**", i): out += ".*"; i += 2
        elif p[i] == "*": out += "[^/]*"; i += 1
        elif p[i] == "?": out += "[^/]"; i += 1
        else: out += re.escape(p[i]); i += 1
    return re.compile(out + "(?:/.*)?$")
rules = []
for line in open(os.path.join(root, ".dockerignore")):
    line = line.strip()
    if line and not line.startswith("#"):
        neg = line.startswith("!")
        rules.append((neg, rx(line[1:] if neg else line)))
for d, _, files in os.walk(root):
    for f in files:
        rel = os.path.relpath(os.path.join(d, f), root)
        ignored = False
        for neg, r in rules:
            if r.match(rel): ignored = not neg
        if not ignored: print(rel)
PY
}
docker_context "$work/tree" > context.txt 2>&1 || fail "listing the Docker context"
check "the context holds the sources" grep -qx "src/slab/slab_system.cpp" context.txt
check "the context holds the Dockerfile and the inputs" grep -qx "input/punch_fields.yaml" context.txt
check_not "no build tree in the context" grep -q "build/" context.txt
check_not "no results or figures in the context" grep -Eq '\.h5$|\.xmf$|^figures/' context.txt
# The Apptainer def copies named paths that exist, never build/ or the whole tree.
sed -n '/^%files/,/^%/p' "$src/docker/tribo.def" | grep -v '^%' | awk 'NF {print $1}' > files.txt
check "the def copies something" [ -s files.txt ]
check_not "the def does not copy the whole tree" grep -qx '\.' files.txt
check_not "the def does not copy build/" grep -q '^build' files.txt
while read -r f; do check "the def copies $f, which exists" [ -e "$src/$f" ]; done < files.txt
# Every top-level path the build reads is copied by the def.
for f in CMakeLists.txt cmake include src drivers tests input scripts; do check "the def copies $f" grep -qx "$f" files.txt; done
check "Dockerfile copies the context" grep -q '^COPY \. /opt/tribo' "$src/docker/Dockerfile"
for s in "$src"/scripts/*.sh; do check "bash -n $(basename "$s")" bash -n "$s"; done
finish
