#!/usr/bin/env bash
# `chronicle serve`, on loopback only (127.0.0.1), against its budgets (docs/performance.md):
# - a page of the demo (/board) served in <= 2x the time `chronicle export --format html`
#   takes as a whole process, both timed from the same machine (hyperfine, curl);
# - the home page with 10,000 campaigns in the database within 1.2x its time with one;
# - 50 open pages (event streams) and 20 page reads a second for a minute, a write every 10
#   seconds by another process, each open page reading itself again at each new head: no
#   error, no page more than 2 s behind a write, 95% of the reads answered in <= 250 ms, the
#   server's peak memory <= 40 MB, and its CPU time while nothing is written under 2% of a
#   core;
# - the server's CPU per request of `/` and of `/board` while nothing changes <= 5 ms (the
#   map is drawn once per log head).
#
#   benches/serve.sh            RUNS=30 SECONDS_LOAD=60 benches/serve.sh   (the defaults)
#
# Needs hyperfine, curl and python3; it installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/serve.sh hyperfine curl python3
RUNS=${RUNS:-30}
cargo build --release --quiet --example seed_league
build_chronicle
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
BIN=$TARGET/release/chronicle
SEED=$TARGET/release/examples/seed_league
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

echo "== preparing: the demo alone, and with 9,999 campaigns beside it" >&2
"$BIN" --db "$WORK/one.db" demo >/dev/null 2>&1
"$SEED" --db "$WORK/league.db" --campaigns 9999 >/dev/null 2>&1
"$BIN" --db "$WORK/league.db" demo >/dev/null 2>&1

serve() { # $1: database; sets ADDR and SERVER to its address and process id
  "$BIN" --db "$1" --campaign Demo serve --bind 127.0.0.1 --port 0 --no-qr >"$1.out" 2>/dev/null &
  SERVER=$!
  PIDS+=("$SERVER")
  for _ in $(seq 100); do [ -s "$1.out" ] && break; sleep 0.1; done
  ADDR=$(head -n 1 "$1.out")
}
serve "$WORK/one.db"
ONE=$ADDR
ONE_PID=$SERVER
serve "$WORK/league.db"
LEAGUE=$ADDR
echo "   serving the demo at $ONE and the league at $LEAGUE" >&2

echo "== timing pages against an export" >&2
hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$WORK/pages.json" \
  -n export "$BIN --db $WORK/one.db export --format html" \
  -n board "curl -s -o /dev/null ${ONE}board" \
  -n home "curl -s -o /dev/null ${ONE}" \
  -n "home, 10,000 campaigns" "curl -s -o /dev/null ${LEAGUE}" >/dev/null 2>&1

echo "== load: 50 event streams, 20 reads a second, a write every 10 s" >&2
python3 benches/serve_load.py "$ONE" "$ONE_PID" "$BIN" "$WORK/one.db" >"$WORK/load.json"

python3 - "$WORK/pages.json" "$WORK/load.json" <<'PY'
import json, sys
pages = {r["command"]: r["median"] * 1000 for r in json.load(open(sys.argv[1]))["results"]}
load = json.load(open(sys.argv[2]))
print("Pages, median ms over the runs")
for name, ms in pages.items():
    print(f"  {name:28} {ms:8.2f}")
checks = [
    ("/board against export --format html", pages["board"] / pages["export"], 2.0, "x"),
    ("home page, 10,000 campaigns against one", pages["home, 10,000 campaigns"] / pages["home"], 1.2, "x"),
    ("errors under load", load["error_count"], 0, ""),
    ("most behind a write under load", load["most_behind_s"], 2.0, " s"),
    ("95th percentile of the reads under load", load["p95_ms"], 250.0, " ms"),
    ("CPU per request of /, nothing changed", load["cpu_ms"]["/"], 5.0, " ms"),
    ("CPU per request of /board, nothing changed", load["cpu_ms"]["/board"], 5.0, " ms"),
    ("server's peak memory", load["peak_mb"], 40.0, " MB"),
    ("CPU while idle, share of a core", load["idle_cpu_s"] / load["idle_s"], 0.02, ""),
]
print(f"Load: {load['streams']} streams, {load['reads']} reads, {load['writes']} writes, "
      f"{load['read_again']} pages read again; errors: {load['errors']}")
print(f"  reads: 95th percentile {load['p95_read_ms']} ms; pages read again after a write: "
      f"{load['p95_again_ms']} ms; longest of all {load['longest_ms']} ms")
failed = 0
for name, value, budget, unit in checks:
    ok = value <= budget
    failed += not ok
    print(f"{'PASS' if ok else 'FAIL'}  {name:44} {value:8.3f}{unit}  (budget <= {budget}{unit})")
sys.exit(1 if failed else 0)
PY
