#!/usr/bin/env bash
# Whole commands, timed side by side with hyperfine: chronicle against the sqlite3 CLI
# answering a one-line query on the same file, at one campaign and at ten thousand.
# Prints the medians, the ratios against the budgets, the query plans and peak memory.
#
# The commands are timed in rounds (every command a few runs per round, round after round)
# and each median is taken over all rounds, so a slow spell of the host weighs on every
# command alike instead of on whichever was being timed. What each `game log` (and each
# sqlite3 insert) wrote is deleted before the next run, so every run logs the same game 16.
#
#   benches/cli.sh                      (installs hyperfine and sqlite3 from Debian's packages if missing)
#   ROUNDS=60 RUNS=3 benches/cli.sh     (rounds, and runs per command per round; default 30 and 3)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-30}
RUNS=${RUNS:-3}

install() { # $1: Debian package, $2: the program it gives (default: the package's name)
  if ! [ -x "$(command -v "${2:-$1}" 2>/dev/null)" ]; then
    echo "installing $1 ..." >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "$1" >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq "$1" >/dev/null; fi
  fi
}
install hyperfine
install sqlite3
install time /usr/bin/time

# The binary on its own: built with an example, it would get the features the dev-dependencies
# turn on, and other symbol names than link/order.txt lays out (see README, stop 32).
cargo build --release --quiet --example seed_league
cargo build --release --quiet --bin chronicle
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
BIN=$TARGET/release/chronicle
SEED=$TARGET/release/examples/seed_league
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

echo "== preparing: the demo campaign alone, and with 9,999 seeded campaigns beside it" >&2
"$BIN" --db "$WORK/one.db" demo >/dev/null 2>&1
SEEDING=$("$SEED" --db "$WORK/league.db" --campaigns 9999 | tail -n 1)
"$BIN" --db "$WORK/league.db" demo >/dev/null 2>&1
for db in one league; do
  sqlite3 "$WORK/$db.db" "CREATE TABLE IF NOT EXISTS bench_rows (a INTEGER, b TEXT)"
done

READS=(board "board --after 5" "history" stats setup packets "game list" "export --format json")
run_reads() { # $1: database name, $2: round
  local args=(-N --warmup 1 --runs "$RUNS" --export-json "$WORK/$1-reads-$2.json"
    -n sqlite3 "sqlite3 $WORK/$1.db 'SELECT COUNT(*) FROM entry WHERE campaign_id = 1'")
  for command in "${READS[@]}"; do
    args+=(-n "$command" "$BIN --db $WORK/$1.db --campaign Demo $command")
  done
  hyperfine "${args[@]}" >/dev/null 2>&1
}

# A full game after game 15 (no reward is due any more): three players, one eliminated.
GAME="game log --date 2026-11-01 --player Ann=bear:won --player Bo=khan:held-on --player Chidi=saharan:eliminated"
INSERT="BEGIN; $(for i in $(seq 1 10); do printf "INSERT INTO bench_rows VALUES ($i, 'row $i'); "; done) COMMIT;"
run_writes() { # $1: database name, $2: round
  # Before each run, the game and the rows the previous run added are deleted again (a copy
  # of the 66 MB league file would leave the next commit flushing it all to disk).
  # The campaign's head (where its log ends on this device) goes back to what it was too.
  local cid seq head reset
  cid=$(sqlite3 "$WORK/$1.db" "SELECT id FROM campaign WHERE name_key = 'demo'")
  seq=$(sqlite3 "$WORK/$1.db" "SELECT MAX(seq) FROM entry WHERE campaign_id = $cid")
  head=$(sqlite3 "$WORK/$1.db" "SELECT quote(head) FROM campaign WHERE id = $cid")
  reset="PRAGMA foreign_keys = ON; DELETE FROM entry WHERE campaign_id = $cid AND seq > $seq; UPDATE campaign SET head = $head WHERE id = $cid; DELETE FROM bench_rows;"
  # Read from a file: the head is a quoted SQL string, which no shell quoting needs to carry.
  printf '%s\n' "$reset" > "$WORK/reset-$1.sql"
  local fresh="sqlite3 $WORK/$1.db \".read $WORK/reset-$1.sql\""
  hyperfine -N --warmup 1 --runs "$RUNS" --prepare "$fresh" --export-json "$WORK/$1-write-$2.json" \
    -n "sqlite3 insert" "sqlite3 $WORK/$1.db \"$INSERT\"" \
    -n "game log" "$BIN --db $WORK/$1.db --campaign Demo $GAME" >/dev/null 2>&1
  sqlite3 "$WORK/$1.db" "$reset"
}

for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round of $ROUNDS: read commands at 1 and 10,000 campaigns, game log against a 10-row insert" >&2
  run_reads one "$round"
  run_reads league "$round"
  run_writes one "$round"
  run_writes league "$round"
done

python3 - "$WORK" "$SEEDING" "${REPORT:-}" <<'PY'
import glob, json, statistics, sys
work, seeding, report = sys.argv[1], sys.argv[2], sys.argv[3]
def budget(what, value, limit, unit="x", at_most=True):
    # One line of benches/report.sh's table: what was measured, against its budget.
    if report:
        with open(report, "a") as f:
            f.write(json.dumps({"what": what, "value": value, "limit": limit, "unit": unit, "at_most": at_most}) + "\n")
def medians(name):
    times = {}
    for path in sorted(glob.glob(f"{work}/{name}-*.json")):
        with open(path) as f:
            for r in json.load(f)["results"]:
                times.setdefault(r["command"], []).extend(r["times"])
    return {c: statistics.median(t) * 1000 for c, t in times.items()}, max(len(t) for t in times.values())
(one, n), (league, _) = medians("one-reads"), medians("league-reads")
print(f"Read commands (median ms over {n} runs each; budget: <= 1.0x sqlite3, and 10,000 campaigns <= 1.2x one)")
print(f"{'command':24} {'1 campaign':>11} {'x sqlite3':>10} {'10,000':>9} {'x sqlite3':>10} {'10k / 1':>8}")
for command in one:
    a, b = one[command], league[command]
    print(f"{command:24} {a:11.2f} {a / one['sqlite3']:10.2f} {b:9.2f} {b / league['sqlite3']:10.2f} {b / a:8.2f}")
    if command != "sqlite3":
        budget(f"{command} against the sqlite3 shell, 1 campaign", a / one["sqlite3"], 1.0)
        budget(f"{command} against the sqlite3 shell, 10,000 campaigns", b / league["sqlite3"], 1.0)
        budget(f"{command} at 10,000 campaigns against at 1", b / a, 1.2)
budget("board --after 5 against board", one["board --after 5"] / one["board"], 1.1)
for db in ("one", "league"):
    w, _ = medians(f"{db}-write")
    print(f"game log ({db}): {w['game log']:.2f} ms against sqlite3's 10-row insert {w['sqlite3 insert']:.2f} ms: "
          f"{w['game log'] / w['sqlite3 insert']:.2f}x (budget <= 1.5x)")
    budget(f"game log against a 10-row sqlite3 insert ({db})", w["game log"] / w["sqlite3 insert"], 1.5)
import re
found = re.search(r"([0-9.]+) games per second", seeding)
rate = float(found.group(1)) if found else 0.0
budget("seeding 9,999 campaigns", rate, 20000, "games/s", False)
print("Seeding:", seeding, "(budget >= 20,000 games per second)")
PY

echo
echo "Query plans of the per-campaign reads, on 10,000 campaigns (no SCAN of a whole table):"
sqlite3 "$WORK/league.db" <<'SQL'
EXPLAIN QUERY PLAN SELECT id, seq, kind FROM entry WHERE campaign_id = 5000 ORDER BY seq;
EXPLAIN QUERY PLAN SELECT s.entry_id FROM seat s JOIN entry e ON e.id = s.entry_id WHERE e.campaign_id = 5000 ORDER BY e.seq, s.position;
EXPLAIN QUERY PLAN SELECT c.entry_id FROM change c JOIN entry e ON e.id = c.entry_id WHERE e.campaign_id = 5000 ORDER BY e.seq, c.position;
EXPLAIN QUERY PLAN SELECT c.id FROM campaign c WHERE c.name_key = 'demo';
SQL

echo
echo "Peak memory (maximum resident set size), 10,000 campaigns; budget < 15 MB:"
for command in "${READS[@]}" "$GAME"; do
  /usr/bin/time -f "%M" -o "$WORK/memory" "$BIN" --db "$WORK/league.db" --campaign Demo $command >/dev/null 2>&1
  mb=$(awk '{ print $1 / 1024 }' "$WORK/memory")
  printf "  %-24s %6.1f MB\n" "${command:0:24}" "$mb"
  [ -n "${REPORT:-}" ] && printf '{"what": "peak memory of %s, 10,000 campaigns", "value": %s, "limit": 15, "unit": "MB", "at_most": true}\n' "${command:0:24}" "$mb" >>"$REPORT"
done
echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(uname -sr)"
