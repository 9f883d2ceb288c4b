#!/usr/bin/env bash
# Every performance budget of issue #19 from one run, as ratios (or rates and megabytes)
# against its budget: the whole commands timed side by side with the sqlite3 shell
# (benches/cli.sh), the cost per entry and the memory of long logs (benches/long_log.sh),
# and the correction and sync against logging and importing (`cargo bench`, in-process).
#
#   benches/report.sh                      (about 25 minutes on 2 cores)
#   ROUNDS=5 RUNS=3 LONG=0 benches/report.sh   (a quick look: fewer rounds, no 100,000-entry log)
set -euo pipefail
cd "$(dirname "$0")/.."
export ROUNDS=${ROUNDS:-30} RUNS=${RUNS:-3} LONG=${LONG:-1}
REPORT=$(mktemp)
trap 'rm -f "$REPORT"' EXIT
export REPORT

echo "== whole commands against the sqlite3 shell (benches/cli.sh, $ROUNDS rounds)" >&2
benches/cli.sh
echo "== long logs (benches/long_log.sh)" >&2
benches/long_log.sh
echo "== correction and sync, in-process (cargo bench)" >&2
cargo bench --quiet --bench ledger -- correct_game_1_of_15 log_game_16_after_15 \
  import_15_games sync_join_15_games_and 2>/dev/null | tee "$REPORT.bench"

python3 - "$REPORT" "$REPORT.bench" <<'PY'
import json, re, sys
report, bench = sys.argv[1], sys.argv[2]
def ms(text):
    value, unit = text.split()
    return float(value) * {"ns": 1e-6, "µs": 1e-3, "ms": 1, "s": 1e3}[unit]
medians, group = {}, None
for line in open(bench):
    # divan: name, then fastest │ slowest │ median │ mean; a group's cases are indented.
    m = re.match(r"^[│ ]*[├╰]─ (\S+)\s+(.*)$", line)
    if not m:
        continue
    name, rest = m.groups()
    cells = [c.strip() for c in rest.split("│")]
    if len(cells) < 3 or not cells[2]:
        group = name
        continue
    key = f"{group}/{name}" if line.startswith(("│  ", "   ")) and group else name
    medians[key] = ms(cells[2])
os_lines = []
def add(what, value, limit):
    os_lines.append({"what": what, "value": value, "limit": limit, "unit": "x", "at_most": True})
if "correct_game_1_of_15" in medians and "log_game_16_after_15" in medians:
    add("a correction of game 1 of 15 against logging a game",
        medians["correct_game_1_of_15"] / medians["log_game_16_after_15"], 2.0)
if "sync_join_15_games_and/0" in medians and "import_15_games" in medians:
    add("a sync of two 15-game devices against an import",
        medians["sync_join_15_games_and/0"] / medians["import_15_games"], 2.0)
rows = [json.loads(l) for l in open(report) if l.strip()] + os_lines
print()
print(f"{'budget':70} {'measured':>12} {'budget':>12}  ")
held = 0
for r in rows:
    ok = r["value"] <= r["limit"] if r["at_most"] else r["value"] >= r["limit"]
    held += ok
    sign = "<=" if r["at_most"] else ">="
    unit = r["unit"]
    value = f"{r['value']:,.2f} {unit}" if unit != "games/s" else f"{r['value']:,.0f} /s"
    limit = f"{sign} {r['limit']:,} {unit}" if unit != "games/s" else f"{sign} {r['limit']:,} /s"
    print(f"{r['what'][:70]:70} {value:>12} {limit:>12}  {'held' if ok else 'MISSED'}")
print(f"\n{held} of {len(rows)} budgets held.")
PY
rm -f "$REPORT.bench"
