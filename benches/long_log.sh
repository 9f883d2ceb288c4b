#!/usr/bin/env bash
# Whether a command's cost grows in step with the log: one campaign of 1,000 entries and one
# of 10,000, made by examples/long_log.rs (the demo's first 15 games, then games, pool
# capacities, house rules and retirements in turn). Times `import`, `check`, `board` and a
# new device joining it through a shared folder (`sync`) on each with hyperfine and prints
# each one's cost per entry, and the ratio of the cost per entry at 10,000 to the cost at
# 1,000 (budget: <= 1.5x), with the peak memory of each for information; then a sync that
# brings nothing, whose whole cost may grow at most 1.5x from 1,000 to 10,000 entries and
# take at most 0.2 s at 10,000. See docs/performance.md.
#
#   benches/long_log.sh                 RUNS=5 benches/long_log.sh   (runs per command; the default)
#
# Needs hyperfine, GNU time and python3; it installs nothing. Run alone, it ends with its
# budgets' PASS and FAIL lines; under benches/report.sh it adds its rows to the report's
# ($REPORT).
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/long_log.sh hyperfine time python3
RUNS=${RUNS:-5}
SIZES=(1000 10000)

# The example first, so that the chronicle left in target/release is the one built alone.
cargo build --release --quiet --example long_log
build_chronicle
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
BIN=$TARGET/release/chronicle
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
ROWS=${REPORT:-$WORK/rows}
export CHRONICLE_NOW=2027-06-01 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

quietly() { # runs a command, showing its output only if it fails
  "$@" >"$WORK/log" 2>&1 || { cat "$WORK/log" >&2; return 1; }
}

for n in "${SIZES[@]}"; do
  echo "== a campaign of $n entries: import, check, board" >&2
  db=$WORK/l$n.db
  "$TARGET/release/examples/long_log" --entries "$n" --quiet --file "$WORK/l$n.json"
  # Each import into a new database: the previous run's file is removed before it.
  quietly hyperfine -N --warmup 1 --runs "$RUNS" --prepare "rm -f $db $db-wal $db-shm" \
    --export-json "$WORK/import-$n.json" -n import "$BIN --db $db import $WORK/l$n.json"
  quietly hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/reads-$n.json" \
    -n check "$BIN --db $db check" -n board "$BIN --db $db board"
  for command in check board; do
    quietly /usr/bin/time -f "$command $n %M" -a -o "$WORK/memory" "$BIN" --db "$db" $command
  done
  # A new device joining the campaign from a shared folder: a new database each run (and
  # the file that claimed its name removed: another database may not take it).
  shared=$WORK/shared$n joined=$WORK/j$n.db
  mkdir -p "$shared"
  quietly "$BIN" --db "$db" sync "$shared" --device first
  quietly hyperfine --warmup 1 --runs "$RUNS" \
    --prepare "rm -f $joined $joined-wal $joined-shm $shared/*/second.jsonl" \
    --export-json "$WORK/join-$n.json" -n join "$BIN --db $joined sync $shared --device second"
  rm -f "$joined"* "$shared"/*/second.jsonl
  quietly /usr/bin/time -f "join $n %M" -a -o "$WORK/memory" "$BIN" --db "$joined" sync "$shared" --device second
  # A sync that brings nothing: the first device again, once it has seen the second's file.
  quietly "$BIN" --db "$db" sync "$shared"
  quietly hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/nothing-$n.json" \
    -n nothing "$BIN --db $db sync $shared"
  quietly /usr/bin/time -f "nothing $n %M" -a -o "$WORK/memory" "$BIN" --db "$db" sync "$shared"
  rm -f "$db"*
  quietly /usr/bin/time -f "import $n %M" -a -o "$WORK/memory" "$BIN" --db "$db" import "$WORK/l$n.json"
done

python3 - "$WORK" "$ROWS" "${SIZES[@]}" <<'PY'
import glob, json, statistics, sys
work, rows, small, large = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
times = {}
for path in glob.glob(f"{work}/*-*.json"):
    n = int(path.rsplit("-", 1)[1].removesuffix(".json"))
    with open(path) as f:
        for r in json.load(f)["results"]:
            times[(r["command"], n)] = statistics.median(r["times"])
memory = {}
for line in open(f"{work}/memory"):
    command, n, kb = line.split()
    memory[(command, int(n))] = int(kb) / 1024
print(f"A long log: median of each command, and its cost per entry (budget: at {large:,} <= 1.5x at {small:,})")
print(f"{'':8} {f'{small:,} entries':>15} {'µs/entry':>9} {f'{large:,} entries':>15} {'µs/entry':>9} {'ratio':>6} {'peak MB':>8}")
for command in ("import", "check", "board", "join"):
    a, b = times[(command, small)], times[(command, large)]
    per_a, per_b = a / small * 1e6, b / large * 1e6
    print(f"{command:8} {a * 1e3:12.2f} ms {per_a:9.2f} {b * 1e3:12.2f} ms {per_b:9.2f} {per_b / per_a:6.2f} {memory[(command, large)]:8.1f}")
    with open(rows, "a") as f:
        f.write(json.dumps({"what": f"{command}: cost per entry, {large:,} entries against {small:,}",
                            "value": per_b / per_a, "limit": 1.5, "unit": "x"}) + "\n")
# A sync that brings nothing costs what changed (nothing), not what the log holds: its whole
# cost at 10,000 entries against 1,000, and at 10,000 against the 0.2 s it may take.
a, b = times[("nothing", small)], times[("nothing", large)]
print(f"{'nothing':8} {a * 1e3:12.2f} ms {'':9} {b * 1e3:12.2f} ms {'':9} {b / a:6.2f} {memory[('nothing', large)]:8.1f}"
      "   (a sync that brings nothing: whole cost, not per entry)")
with open(rows, "a") as f:
    f.write(json.dumps({"what": f"a sync that brings nothing: {large:,} entries against {small:,}",
                        "value": b / a, "limit": 1.5, "unit": "x"}) + "\n")
    f.write(json.dumps({"what": f"a sync that brings nothing at {large:,} entries",
                        "value": b * 1e3, "limit": 200, "unit": "ms"}) + "\n")
PY
if [ -z "${REPORT:-}" ]; then
  echo
  python3 benches/verdicts.py "$ROWS"
fi
