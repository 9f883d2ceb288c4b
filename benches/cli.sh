#!/usr/bin/env bash
# Whole commands, timed side by side with hyperfine: chronicle against the sqlite3 CLI
# answering a one-line query on the same file, at one campaign and at ten thousand.
# Prints the medians, the ratios against the budgets, the query plans and peak memory.
#
#   benches/cli.sh            (installs hyperfine and sqlite3 from Debian's packages if missing)
#   RUNS=100 benches/cli.sh   (more runs per command; default 40)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-40}

install() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "installing $1 ..." >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "$1" >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq "$1" >/dev/null; fi
  fi
}
install hyperfine
install sqlite3

cargo build --release --quiet --bin chronicle --example seed_league
BIN=$PWD/target/release/chronicle
SEED=$PWD/target/release/examples/seed_league
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

echo "== preparing: the demo campaign alone, and with 9,999 seeded campaigns beside it" >&2
"$BIN" --db "$WORK/one.db" demo >/dev/null 2>&1
SEEDING=$("$SEED" --db "$WORK/league.db" --campaigns 9999 | tail -n 1)
"$BIN" --db "$WORK/league.db" demo >/dev/null 2>&1
for db in one league; do
  cp "$WORK/$db.db" "$WORK/$db-write.db"
  sqlite3 "$WORK/$db-write.db" "CREATE TABLE IF NOT EXISTS bench_rows (a INTEGER, b TEXT)"
done

READS=(board "history" stats setup packets "game list" "export --format json")
run_reads() { # $1: database name
  local args=(-N --warmup 5 --runs "$RUNS" --export-json "$WORK/$1-reads.json"
    -n sqlite3 "sqlite3 $WORK/$1.db 'SELECT COUNT(*) FROM entry WHERE campaign_id = 1'")
  for command in "${READS[@]}"; do
    args+=(-n "$command" "$BIN --db $WORK/$1.db --campaign Demo $command")
  done
  hyperfine "${args[@]}" >/dev/null
}
echo "== read commands, one campaign" >&2; run_reads one
echo "== read commands, 10,000 campaigns" >&2; run_reads league

# A full game after game 16 (no reward is due any more): three players, one eliminated.
GAME="game log --date 2026-11-01 --player Ann=bear:won --player Bo=khan:held-on --player Chidi=saharan:eliminated"
INSERT="BEGIN; $(for i in $(seq 1 10); do printf "INSERT INTO bench_rows VALUES ($i, 'row $i'); "; done) COMMIT;"
echo "== game log against a 10-row insert transaction" >&2
for db in one league; do
  hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$WORK/$db-write.json" \
    -n "sqlite3 insert" "sqlite3 $WORK/$db-write.db \"$INSERT\"" \
    -n "game log" "$BIN --db $WORK/$db-write.db --campaign Demo $GAME" >/dev/null
done

python3 - "$WORK" "$SEEDING" <<'PY'
import json, sys
work, seeding = sys.argv[1], sys.argv[2]
def medians(name):
    with open(f"{work}/{name}.json") as f:
        return {r["command"]: r["median"] * 1000 for r in json.load(f)["results"]}
one, league = medians("one-reads"), medians("league-reads")
print("Read commands (median ms; budget: <= 1.5x sqlite3, and 10,000 campaigns <= 1.2x one)")
print(f"{'command':24} {'1 campaign':>11} {'x sqlite3':>10} {'10,000':>9} {'x sqlite3':>10} {'10k / 1':>8}")
for command in one:
    a, b = one[command], league[command]
    print(f"{command:24} {a:11.2f} {a / one['sqlite3']:10.2f} {b:9.2f} {b / league['sqlite3']:10.2f} {b / a:8.2f}")
for db in ("one", "league"):
    w = medians(f"{db}-write")
    print(f"game log ({db}): {w['game log']:.2f} ms against sqlite3's 10-row insert {w['sqlite3 insert']:.2f} ms: "
          f"{w['game log'] / w['sqlite3 insert']:.2f}x (budget <= 2x)")
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
  /usr/bin/time -f "%M" -o "$WORK/memory" "$BIN" --db "$WORK/league-write.db" --campaign Demo $command >/dev/null 2>&1
  printf "  %-24s %6.1f MB\n" "${command:0:24}" "$(awk '{ print $1 / 1024 }' "$WORK/memory")"
done
echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(uname -sr)"
