#!/usr/bin/env bash
# The cost per entry of a long log: one campaign of 1,000 and 10,000 entries (and 100,000
# with LONG=1), made by examples/long_log.rs (the demo's 15 games, then games, pool
# capacities, house rules and retirements in turn). Times `import`, `board`,
# `board --after` half the games, `check` and `history` on each, with peak memory, and
# prints each command's cost per entry and the ratio of the largest to the smallest log
# (budget: flat within 1.5x; memory < 15 MB per read command, < 64 MB importing).
#
#   benches/long_log.sh            LONG=1 benches/long_log.sh      (RUNS=3: runs per command)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
SIZES=(1000 10000)
[ "${LONG:-0}" = 1 ] && SIZES+=(100000)
# The binary on its own, as in benches/cli.sh.
cargo build --release --quiet --example long_log
cargo build --release --quiet --bin chronicle
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$TARGET/release/chronicle" "$TARGET/release/examples/long_log" "$WORK/"
export CHRONICLE_NOW=2027-06-01 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN
run() { # $1: label, $2: entries, rest: the command; prints "label entries median_µs max_kb"
  local label=$1 n=$2; shift 2
  local times=() kb=0
  for _ in $(seq 1 "$RUNS"); do
    [ "$label" = import ] && rm -f "$WORK/l$n.db"*
    # Wall-clock time in µs (/usr/bin/time counts in 10 ms steps: a checkpointed board
    # takes less), and peak memory from /usr/bin/time.
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$WORK/t" "$@" >/dev/null 2>&1
    t1=$(date +%s%N)
    read -r m <"$WORK/t"; times+=("$(( (t1 - t0) / 1000 ))"); [ "$m" -gt "$kb" ] && kb=$m
  done
  printf '%s %s %s %s\n' "$label" "$n" "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")" "$kb"
}
for n in "${SIZES[@]}"; do
  echo "== $n entries" >&2
  "$WORK/long_log" --entries "$n" --quiet --file "$WORK/l$n.json"
  games=$(( (n - 21) / 4 / 2 + 8 ))
  run import "$n" "$WORK/chronicle" --db "$WORK/l$n.db" import --max-mb 512 "$WORK/l$n.json"
  run board "$n" "$WORK/chronicle" --db "$WORK/l$n.db" board
  run board-after-half "$n" "$WORK/chronicle" --db "$WORK/l$n.db" board --after "$games"
  run check "$n" "$WORK/chronicle" --db "$WORK/l$n.db" check
  run history "$n" "$WORK/chronicle" --db "$WORK/l$n.db" history
done >"$WORK/results"
python3 - "$WORK/results" "${REPORT:-}" <<'PY'
import json, sys
rows = [l.split() for l in open(sys.argv[1])]
report = sys.argv[2]
by = {}
for label, n, s, kb in rows:
    by.setdefault(label, {})[int(n)] = (float(s), int(kb))
sizes = sorted({int(r[1]) for r in rows})
# The flatness is taken from 10,000 entries up when the run goes further: at 1,000 the
# process's start-up is most of each command.
base = 1 if len(sizes) > 2 else 0
print(f"{'command':22}" + "".join(f"{n:>12,} µs/entry" for n in sizes) + f"{'largest/' + format(sizes[base], ','):>18}{'peak MB':>9}")
for label, at in by.items():
    per = [at[n][0] / n for n in sizes]
    peak = at[sizes[-1]][1] / 1024
    print(f"{label:22}" + "".join(f"{p:21.1f}" for p in per) + f"{per[-1] / per[base]:18.2f}{peak:9.1f}")
    if report:
        with open(report, "a") as f:
            line = lambda what, value, limit, unit: f.write(json.dumps(
                {"what": what, "value": value, "limit": limit, "unit": unit, "at_most": True}) + "\n")
            line(f"{label}: cost per entry at {sizes[-1]:,} against {sizes[base]:,} entries", per[-1] / per[base], 1.5, "x")
            line(f"peak memory of {label} at {sizes[-1]:,} entries", peak, 64 if label == "import" else 15, "MB")
PY
