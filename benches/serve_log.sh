#!/usr/bin/env bash
# `chronicle serve --allow-log`, on loopback only (127.0.0.1), against its budgets
# (docs/performance.md):
# - confirming a game (one POST naming the head, read before each as a form holds it) takes
#   <= 2x `chronicle game log` of the same game as a whole process: timed from a client that
#   stays connected, as a phone's browser does (and, for information, by curl started for
#   each confirm, whose own start is most of it);
# - 5 posters logging games against each other for SECONDS_LOAD seconds: 0 lost (every 201 is
#   one game of the log), 0 duplicated (no game told to two), every loser told with 409, and
#   `check` clean afterwards.
#
#   benches/serve_log.sh            RUNS=30 SECONDS_LOAD=60 benches/serve_log.sh   (the defaults)
#   BIN=target/debug/chronicle benches/serve_log.sh   (a binary already built)
#
# Needs hyperfine, curl and python3; it installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/serve_log.sh hyperfine curl python3
RUNS=${RUNS:-30}
SECONDS_LOAD=${SECONDS_LOAD:-60}
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
# BIN=path times that binary instead of building the release one.
if [ -z "${BIN:-}" ]; then
  build_chronicle
  BIN=$TARGET/release/chronicle
fi
WORK=$(mktemp -d)
SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill -INT "$SERVER" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 CHRONICLE_SERVE_KEY=benchkeybenchkeybenchkey
unset CHRONICLE_DB CHRONICLE_CAMPAIGN
SHEET='{"date": "2026-11-28", "player": ["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:eliminated"]}'
FLAGS='--date 2026-11-28 --player Ann=bear:won --player Bo=khan:held-on --player Chidi=saharan:eliminated'

echo "== preparing: the demo, twice (one for game log, one served)" >&2
"$BIN" --db "$WORK/cli.db" demo >/dev/null 2>&1
"$BIN" --db "$WORK/served.db" demo >/dev/null 2>&1
"$BIN" --db "$WORK/served.db" serve --bind 127.0.0.1 --port 0 --no-qr --allow-log \
  >"$WORK/serve.out" 2>/dev/null &
SERVER=$!
for _ in $(seq 100); do [ -s "$WORK/serve.out" ] && break; sleep 0.1; done
ADDR=$(head -n 1 "$WORK/serve.out")
echo "   serving at $ADDR" >&2

printf '%s' "$SHEET" >"$WORK/sheet.json"
# The head is read with curl and cut with sed (no interpreter started per run).
# Before each confirm, the head is read into the header file (as the form holds it when it
# is drawn); the confirm is one POST naming it, by curl, started without a shell.
cat >"$WORK/prepare.sh" <<SH
h=\$(curl -s ${ADDR}api/head | sed -n 's/.*"head": "\(.*\)".*/\1/p')
printf 'If-Match: "%s"\nAuthorization: Bearer %s\nX-Chronicle-Device: bench\n' "\$h" "$CHRONICLE_SERVE_KEY" >"$WORK/headers.txt"
SH

echo "== timing a confirm against game log" >&2
hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$WORK/confirm.json" \
  --prepare "true" -n "game log" "$BIN --db $WORK/cli.db game log $FLAGS" \
  --prepare "sh $WORK/prepare.sh" -n "confirm (serve)" \
  "curl -s -o /dev/null -X POST ${ADDR}api/games -H @$WORK/headers.txt --data @$WORK/sheet.json" >/dev/null 2>&1

echo "== timing confirms from a client that stays connected, as a phone's browser does" >&2
python3 - "$ADDR" "$CHRONICLE_SERVE_KEY" "$RUNS" "$SHEET" >"$WORK/kept.txt" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse
address, key, runs, sheet = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].encode()
url = urllib.parse.urlparse(address)
connection = http.client.HTTPConnection(url.hostname, url.port)
times = []
for _ in range(runs + 3):
    connection.request("GET", "/api/head")
    head = json.loads(connection.getresponse().read())["head"]
    start = time.perf_counter()
    connection.request("POST", "/api/games", body=sheet, headers={
        "Authorization": "Bearer " + key, "If-Match": f'"{head}"',
        "X-Chronicle-Device": "bench", "Content-Type": "application/json"})
    answer = connection.getresponse()
    answer.read()
    times.append(time.perf_counter() - start)
    assert answer.status == 201, answer.status
print(statistics.median(times[3:]))
PY

python3 - "$WORK/confirm.json" "$WORK/kept.txt" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
cli, curl = results["game log"]["median"], results["confirm (serve)"]["median"]
kept = float(open(sys.argv[2]).read())
print(f"game log                              {cli * 1000:7.1f} ms (median)")
print(f"confirm, a connected client           {kept * 1000:7.1f} ms (median)  {kept / cli:.2f}x  budget 2x: {'ok' if kept / cli <= 2 else 'OVER'}")
print(f"confirm, curl started for each        {curl * 1000:7.1f} ms (median)  {curl / cli:.2f}x  (curl's own start included)")
PY

echo "== load: 5 posters for ${SECONDS_LOAD} s" >&2
python3 - "$ADDR" "$CHRONICLE_SERVE_KEY" "$SECONDS_LOAD" "$SHEET" >"$WORK/load.json" <<'PY'
import json, sys, threading, time, urllib.request, urllib.error
addr, key, seconds, sheet = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4].encode()
until = time.monotonic() + seconds
told, lost, other = [], [0], []
lock = threading.Lock()
def poster(n):
    while time.monotonic() < until:
        head = json.load(urllib.request.urlopen(addr + "api/head"))["head"]
        request = urllib.request.Request(addr + "api/games", data=sheet, method="POST", headers={
            "Authorization": "Bearer " + key, "If-Match": f'"{head}"',
            "X-Chronicle-Device": f"phone {n}", "Content-Type": "application/json"})
        try:
            game = json.load(urllib.request.urlopen(request))["game"]
            with lock: told.append(game)
        except urllib.error.HTTPError as e:
            with lock:
                if e.code == 409: lost[0] += 1
                else: other.append(e.code)
threads = [threading.Thread(target=poster, args=(n,)) for n in range(5)]
for t in threads: t.start()
for t in threads: t.join()
json.dump({"told": told, "conflicts": lost[0], "other": other}, sys.stdout)
PY
kill -INT "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=
python3 - "$WORK/load.json" "$BIN" "$WORK/served.db" "$RUNS" <<'PY'
import json, subprocess, sys
load = json.load(open(sys.argv[1]))
games = json.loads(subprocess.check_output([sys.argv[2], "--db", sys.argv[3], "game", "list", "--format", "json"]))["games"]
numbers = [g["game"] for g in games]
told = load["told"]
runs = 2 * (int(sys.argv[4]) + 3)  # the confirms timed both ways, warm-ups included
lost = [g for g in told if g not in numbers]
duplicated = len(told) - len(set(told))
extra = len(numbers) - 16 - runs - len(told)
check = subprocess.run([sys.argv[2], "--db", sys.argv[3], "check"], capture_output=True).returncode
print(f"5 posters: {len(told)} games logged, {load['conflicts']} told 409, other answers {load['other']}")
print(f"lost {len(lost)}, duplicated {duplicated}, games in the log not told {extra}, check exit {check}")
sys.exit(0 if not lost and not duplicated and extra == 0 and not load["other"] and check == 0 else 1)
PY
