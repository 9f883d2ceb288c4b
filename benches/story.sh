#!/usr/bin/env bash
# `chronicle story` of the demo (16 chapters, a map each) against `export --format html` of
# the same demo (one page, one map), as whole processes timed by hyperfine in one run: the
# story may take at most 3x the export (budget). Both write their page to a file.
#
#   benches/story.sh                     RUNS=20 benches/story.sh   (the default)
#
# Needs hyperfine and python3; it installs nothing. Ends with the budget's PASS or FAIL line.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/story.sh hyperfine python3
RUNS=${RUNS:-20}

build_chronicle
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
BIN=$TARGET/release/chronicle
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

"$BIN" --db "$WORK/demo.db" demo >/dev/null 2>&1
hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$WORK/times.json" \
  -n export "$BIN --db $WORK/demo.db export --format html -o $WORK/export.html" \
  -n story "$BIN --db $WORK/demo.db story -o $WORK/story.html" >&2

python3 - "$WORK/times.json" <<'PY'
import json, statistics, sys
times = {r["command"]: statistics.median(r["times"]) for r in json.load(open(sys.argv[1]))["results"]}
ratio = times["story"] / times["export"]
print(f"story of the demo: {times['story'] * 1000:.1f} ms; export --format html: "
      f"{times['export'] * 1000:.1f} ms; ratio {ratio:.2f}x (budget 3x)")
print(("PASS" if ratio <= 3 else "FAIL") + ": story <= 3x export --format html")
sys.exit(0 if ratio <= 3 else 1)
PY
