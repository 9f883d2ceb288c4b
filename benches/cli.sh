#!/usr/bin/env bash
# Whole commands, each timed against a yardstick on the same file in the same run (hyperfine):
# - every read command against the sqlite3 shell answering one query (budget: <= 2.5x),
# - `game log` against a 10-row sqlite3 insert transaction (<= 2x),
# - a correction of game 1 of 15 against `game log` on the same 15 games (<= 2x),
# with the demo campaign alone in its database and inside a league of 10,000 campaigns. Then
# the peak memory of each per-campaign command (<= 15 MB), and the league's file against the
# size of its log (<= 1.5x). See docs/performance.md.
#
# The commands are timed in rounds (every command RUNS runs per round, round after round) and
# each median is taken over all rounds, so a slow spell of the host weighs on every command
# alike instead of on whichever was being timed. What a write added is deleted again before
# the next run, so every run writes the same thing to the same log.
#
#   benches/cli.sh                      ROUNDS=30 RUNS=3 benches/cli.sh   (the defaults)
#
# Needs hyperfine, sqlite3 (with its dbstat table, as Debian's has), GNU time and python3;
# it installs nothing. Run alone, it ends with its budgets' PASS and FAIL lines; under
# benches/report.sh it adds its rows to the report's ($REPORT).
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/cli.sh hyperfine sqlite3 time python3
ROUNDS=${ROUNDS:-30}
RUNS=${RUNS:-3}

# The example first, so that the chronicle left in target/release is the one built alone.
cargo build --release --quiet --example seed_league
build_chronicle
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
BIN=$TARGET/release/chronicle
SEED=$TARGET/release/examples/seed_league
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
ROWS=${REPORT:-$WORK/rows}
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

quietly() { # runs a command, showing its output only if it fails
  "$@" >"$WORK/log" 2>&1 || { cat "$WORK/log" >&2; return 1; }
}

echo "== preparing: the demo campaign alone, cut to 15 games, and with 9,999 campaigns beside it" >&2
quietly "$BIN" --db "$WORK/demo.db" demo
SEEDING=$("$SEED" --db "$WORK/league.db" --campaigns 9999 2>/dev/null | tail -n 1)
quietly "$BIN" --db "$WORK/league.db" demo
# The demo cut before its game 16: the rows of game 16 and after deleted, and the campaign's
# head (where its log ends on this device) set to the last entry left.
sqlite3 "$WORK/demo.db" "VACUUM INTO '$WORK/fifteen.db'"
sqlite3 "$WORK/fifteen.db" <<'SQL'
PRAGMA foreign_keys = ON;
DELETE FROM entry WHERE campaign_id = 1
  AND seq >= (SELECT seq FROM entry WHERE campaign_id = 1 AND kind = 'game' AND game = 16);
UPDATE campaign SET head = (SELECT uid FROM entry WHERE campaign_id = 1 ORDER BY seq DESC LIMIT 1)
  WHERE id = 1;
SQL
quietly "$BIN" --db "$WORK/fifteen.db" check # the cut log replays through the rules

# The size of the league's file against the size of its log. The log is the rows of `entry`,
# `seat` and `change` and their indexes: the pages they fill, as SQLite's dbstat table counts
# them. The file is measured after VACUUM INTO a copy (no free pages, every table packed as
# a fresh build would pack it), so the ratio is what the rest costs: the campaigns, the
# settings, the schema, and anything a later schema keeps beside the log.
sqlite3 "$WORK/league.db" "VACUUM INTO '$WORK/vacuumed.db'"
stat -c %s "$WORK/league.db" >"$WORK/unvacuumed"
if ! sqlite3 "$WORK/vacuumed.db" "SELECT 1 FROM dbstat LIMIT 1" >/dev/null 2>&1; then
  echo "benches/cli.sh needs a sqlite3 with the dbstat table (Debian's has it)" >&2
  exit 2
fi
sqlite3 -separator ' ' "$WORK/vacuumed.db" >"$WORK/size" <<'SQL'
SELECT (SELECT page_count FROM pragma_page_count) * (SELECT page_size FROM pragma_page_size),
  SUM(pgsize), SUM(payload)
FROM dbstat
WHERE name IN (SELECT name FROM sqlite_schema WHERE tbl_name IN ('entry', 'seat', 'change'));
SQL
rm "$WORK/vacuumed.db"

# Before each write, what the previous run added is deleted again and the campaign's head
# set back (read from a file: the head is a quoted SQL string, which no shell quoting needs
# to carry). The sqlite3 insert writes into a table of its own.
for db in demo league fifteen; do
  sqlite3 "$WORK/$db.db" "CREATE TABLE bench_rows (a INTEGER, b TEXT)"
  cid=$(sqlite3 "$WORK/$db.db" "SELECT id FROM campaign WHERE name_key = 'demo'")
  seq=$(sqlite3 "$WORK/$db.db" "SELECT MAX(seq) FROM entry WHERE campaign_id = $cid")
  head=$(sqlite3 "$WORK/$db.db" "SELECT quote(head) FROM campaign WHERE id = $cid")
  printf '%s\n' "PRAGMA foreign_keys = ON; DELETE FROM entry WHERE campaign_id = $cid AND seq > $seq;" \
    "UPDATE campaign SET head = $head WHERE id = $cid; DELETE FROM bench_rows;" >"$WORK/reset-$db.sql"
  echo "$cid" >"$WORK/cid-$db"
done

READS=(board "board --after 5" history stats setup packets "game list" "export --format json")
# A full game after game 15 (no reward is due any more): three players, one eliminated.
GAME="game log --date 2026-11-01 --player Ann=bear:won --player Bo=khan:held-on --player Chidi=saharan:eliminated"
# Game 1 of the demo as `chronicle demo` logs it, with another note.
EDIT="game edit 1 --reason 'The note was wrong' --player Ann=bear:won@Alaska --player Bo=khan:held-on@Peru"
EDIT+=" --player Chidi=saharan:held-on@Egypt --player Дмитрий=balkania:held-on@Japan --major-city Egypt=Kyro"
EDIT+=" --minor-city 'Bo:Peru=Lima Nova' --upgrade Chidi:Egypt --minor-city Дмитрий:Japan=Edo"
EDIT+=" --scar Brazil=Bunker --note 'The first game, corrected.'"
INSERT="BEGIN; $(for i in $(seq 1 10); do printf "INSERT INTO bench_rows VALUES ($i, 'row $i'); "; done) COMMIT;"

run_reads() { # $1: database, $2: round
  local args=(-N --warmup 1 --runs "$RUNS" --export-json "$WORK/$1-reads-$2.json"
    -n sqlite3 "sqlite3 $WORK/$1.db 'SELECT COUNT(*) FROM entry WHERE campaign_id = $(cat "$WORK/cid-$1")'")
  for command in "${READS[@]}"; do
    args+=(-n "$command" "$BIN --db $WORK/$1.db --campaign Demo $command")
  done
  quietly hyperfine "${args[@]}"
}
run_writes() { # $1: database, $2: round, then pairs of name and command
  local db=$1 round=$2 args=()
  shift 2
  while [ $# -gt 0 ]; do args+=(-n "$1" "$2"); shift 2; done
  quietly hyperfine -N --warmup 1 --runs "$RUNS" --prepare "sqlite3 $WORK/$db.db '.read $WORK/reset-$db.sql'" \
    --export-json "$WORK/$db-writes-$round.json" "${args[@]}"
  sqlite3 "$WORK/$db.db" ".read $WORK/reset-$db.sql"
}

for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round of $ROUNDS: reads, game log and a correction, on the demo alone and in the league" >&2
  run_reads demo "$round"
  run_reads league "$round"
  for db in demo league; do
    run_writes $db "$round" "sqlite3 insert" "sqlite3 $WORK/$db.db \"$INSERT\"" \
      "game log" "$BIN --db $WORK/$db.db --campaign Demo $GAME"
  done
  run_writes fifteen "$round" "game log" "$BIN --db $WORK/fifteen.db --campaign Demo $GAME" \
    "game edit 1" "$BIN --db $WORK/fifteen.db --campaign Demo $EDIT"
done

echo "== peak memory of each per-campaign command" >&2
for db in demo league; do
  for command in "${READS[@]}" "$GAME" "$EDIT"; do
    eval "args=($command)"
    label=$command
    [ "$command" = "$GAME" ] && label="game log"
    [ "$command" = "$EDIT" ] && label="game edit 1"
    /usr/bin/time -f %M -o "$WORK/kb" "$BIN" --db "$WORK/$db.db" --campaign Demo "${args[@]}" \
      >/dev/null 2>"$WORK/log" || { cat "$WORK/log" >&2; exit 1; }
    sqlite3 "$WORK/$db.db" ".read $WORK/reset-$db.sql"
    printf '%s\t%s\t%s\n' "$db" "$label" "$(cat "$WORK/kb")" >>"$WORK/memory"
  done
done

python3 - "$WORK" "$ROWS" "$SEEDING" <<'PY'
import glob, json, statistics, sys
work, rows, seeding = sys.argv[1:4]
def row(what, value, limit, unit="x"):
    with open(rows, "a") as f:
        f.write(json.dumps({"what": what, "value": value, "limit": limit, "unit": unit}) + "\n")
def medians(name):
    times = {}
    for path in sorted(glob.glob(f"{work}/{name}-*.json")):
        with open(path) as f:
            for r in json.load(f)["results"]:
                times.setdefault(r["command"], []).extend(r["times"])
    return {c: statistics.median(t) * 1000 for c, t in times.items()}, min(len(t) for t in times.values())

(demo, n), (league, _) = medians("demo-reads"), medians("league-reads")
print(f"Read commands: median ms over {n} runs each, and against the sqlite3 shell (budget <= 2.5x)")
print(f"{'':24} {'demo alone':>10} {'x sqlite3':>10} {'in league':>10} {'x sqlite3':>10}")
for command in demo:
    a, b = demo[command], league[command]
    print(f"{command:24} {a:10.2f} {a / demo['sqlite3']:10.2f} {b:10.2f} {b / league['sqlite3']:10.2f}")
    if command != "sqlite3":
        row(f"{command}, demo alone, against sqlite3", a / demo["sqlite3"], 2.5)
        row(f"{command}, demo in league, against sqlite3", b / league["sqlite3"], 2.5)

print(f"\nWrites: median ms over {n} runs each")
for db, where in (("demo", "demo alone"), ("league", "demo in league")):
    w, _ = medians(f"{db}-writes")
    ratio = w["game log"] / w["sqlite3 insert"]
    print(f"game log, {where}: {w['game log']:.2f} against a 10-row sqlite3 insert {w['sqlite3 insert']:.2f}: {ratio:.2f}x (budget <= 2x)")
    row(f"game log, {where}, against a 10-row insert", ratio, 2.0)
w, _ = medians("fifteen-writes")
ratio = w["game edit 1"] / w["game log"]
print(f"game edit 1 of 15: {w['game edit 1']:.2f} against game log on the same 15 games {w['game log']:.2f}: {ratio:.2f}x (budget <= 2x)")
row("correction of game 1 of 15 against game log", ratio, 2.0)

print("\nPeak memory, MB (budget <= 15)")
peaks = {}
for line in open(f"{work}/memory"):
    db, command, kb = line.rstrip("\n").split("\t")
    peaks.setdefault(command, {})[db] = int(kb) / 1024
print(f"{'':24} {'demo alone':>10} {'in league':>10}")
for command, at in peaks.items():
    print(f"{command:24} {at['demo']:10.1f} {at['league']:10.1f}")
for db, where in (("demo", "demo alone"), ("league", "demo in league")):
    command, mb = max(((c, at[db]) for c, at in peaks.items()), key=lambda p: p[1])
    row(f"peak memory, {where} (highest: {command})", mb, 15, "MB")

file, pages, payload = (int(x) for x in open(f"{work}/size").read().split())
unvacuumed = int(open(f"{work}/unvacuumed").read())
print(f"\nThe league's file: {unvacuumed / 1e6:.1f} MB as written, {file / 1e6:.1f} MB after VACUUM; its log (entry, seat, change and their"
      f" indexes): {pages / 1e6:.1f} MB of pages, {payload / 1e6:.1f} MB of it rows; {file / pages:.2f}x (budget <= 1.5x)")
row("league file against its log", file / pages, 1.5)
print(f"Seeding the league: {seeding}")
PY
if [ -z "${REPORT:-}" ]; then
  echo
  python3 benches/verdicts.py "$ROWS"
fi
