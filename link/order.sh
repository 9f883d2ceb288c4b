#!/usr/bin/env bash
# Writes link/order.txt: the functions chronicle's commands run, in the order the linker is
# to lay them out at the start of the binary's code (build.rs hands the file to LLD).
#
# A command runs a few thousand functions spread over 7 MB of code, and every 64 KB of code
# it touches is a page fault (the kernel maps 16 pages of a file at once). Laid out together,
# the functions a command runs fill fewer such stretches: see README "Performance" (stop 32).
#
# Each command below runs once under callgrind, which names every function it ran, on the
# release build itself (the names carry a hash of the build's settings, so they must come
# from the same profile). Functions run by more commands come first; those run by the same
# commands are kept together. The file goes stale as the code changes: a function not
# named is laid out where it would have been, and a name no longer there is passed over.
# Run this again after a large change.
#
#   link/order.sh        (installs valgrind from Debian's packages if missing; about two minutes)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! [ -x "$(command -v valgrind 2>/dev/null)" ]; then
  echo "installing valgrind ..." >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq valgrind >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq valgrind >/dev/null; fi
fi

cargo build --release --quiet --bin chronicle
BIN=${CARGO_TARGET_DIR:-$PWD/target}/release/chronicle
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

# The commands, the most used (and the timed ones, benches/cli.sh) first.
COMMANDS=(
  "board" "history" "game list" "stats" "setup" "packets" "board --after 5"
  "export --format json" "game show 6" "pool" "check" "world" "board --format json"
  "game log --date 2026-11-01 --player Ann=bear:won --player Bo=khan:held-on --player Chidi=saharan:eliminated"
)
"$BIN" --db "$WORK/demo.db" demo >/dev/null 2>&1
n=0
for command in "${COMMANDS[@]}"; do
  n=$((n + 1))
  cp "$WORK/demo.db" "$WORK/run.db"
  # shellcheck disable=SC2086 # each command is its words
  valgrind --tool=callgrind --demangle=no --compress-strings=no \
    --callgrind-out-file="$WORK/$(printf %02d $n).out" \
    "$BIN" --db "$WORK/run.db" --campaign Demo $command >/dev/null 2>&1 \
    || { echo "failed under callgrind: chronicle $command" >&2; exit 1; }
  rm -f "$WORK"/run.db*
done

python3 - "$WORK" link/order.txt <<'PY'
import glob, re, sys
work, target = sys.argv[1], sys.argv[2]
runs = []  # for each command, the functions it ran
for path in sorted(glob.glob(f"{work}/*.out")):
    ran = set()
    for line in open(path, errors="replace"):
        if line.startswith("fn="):
            name = re.sub(r"'\d+$", "", line[3:].strip())  # callgrind's mark of recursion
            if not name.startswith(("0x", "(")):
                ran.add(name)
    runs.append(ran)
def key(name):
    # Within those run by the same commands, by name: a new run moves only what changed.
    used = tuple(i for i, ran in enumerate(runs) if name in ran)
    return (-len(used), used, name)
names = sorted(set().union(*runs), key=key)
with open(target, "w") as out:
    out.write("# Made by link/order.sh: the functions chronicle's commands run, laid out first.\n")
    out.write("\n".join(names) + "\n")
print(f"{target}: {len(names)} functions from {len(runs)} commands", file=sys.stderr)
PY
