#!/usr/bin/env bash
# The photo budgets, on the release binary with photos as a phone takes them (made by
# examples/photo.rs: 4000x3000 pixels of light, shapes and grain):
#
#   - the demo's story (16 chapters) with a photo of each game, each made from a 4 MB JPEG:
#     the page (one file, the photos inside it) is at most 20 MB;
#   - `game photo add` of a 5 MB JPEG (12 megapixels) takes at most 1 s of CPU (user + sys,
#     from GNU time), and its peak memory (maxrss) is at most 4x the photo's size above that
#     of `game photo list` on the same database (the process's own baseline).
#
# It also times the story with its photos against the story without them (hyperfine, one
# run), a figure with no budget.
#
#   benches/photos.sh                    RUNS=5 benches/photos.sh   (the default)
#
# Needs hyperfine, python3 and GNU time; it installs nothing. Ends with a PASS or FAIL line
# per budget, and exits non-zero when one fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/photos.sh hyperfine python3 time
RUNS=${RUNS:-5}

build_chronicle
cargo build --release --quiet --example photo
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
BIN=$TARGET/release/chronicle
PHOTO=$TARGET/release/examples/photo
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export CHRONICLE_NOW=2026-11-29 NO_COLOR=1 COLUMNS=80
unset CHRONICLE_DB CHRONICLE_CAMPAIGN

# The photos: 16 of about 4 MB for the story, one of about 5 MB for `game photo add`.
"$PHOTO" 4000 3000 "$WORK/phone.jpg" 5000000 7 >&2
for game in $(seq 1 16); do
  "$PHOTO" 4000 3000 "$WORK/game-$game.jpg" 4000000 "$game" >/dev/null
done

# The demo, and the demo with a photo of each game.
"$BIN" --db "$WORK/demo.db" demo >/dev/null 2>&1
cp "$WORK/demo.db" "$WORK/photos.db"
for game in $(seq 1 16); do
  "$BIN" --db "$WORK/photos.db" game photo add "$game" "$WORK/game-$game.jpg" \
    --caption "The board after game $game" >/dev/null 2>&1
done
"$BIN" --db "$WORK/photos.db" story -o "$WORK/story.html" 2>/dev/null
"$BIN" --db "$WORK/photos.db" story --format md -o "$WORK/book" 2>/dev/null
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/story.json" \
  -n "story" "$BIN --db $WORK/demo.db story -o $WORK/plain.html" \
  -n "story with 16 photos" "$BIN --db $WORK/photos.db story -o $WORK/story.html" >&2

# `game photo add` of the 5 MB photo, each run on a fresh copy of the demo; `game photo
# list` on the same database is the baseline of the process's memory.
: >"$WORK/add.txt"
: >"$WORK/list.txt"
for run in $(seq 1 "$RUNS"); do
  cp "$WORK/demo.db" "$WORK/add-$run.db"
  /usr/bin/time -a -o "$WORK/add.txt" -f "%U %S %M" \
    "$BIN" --db "$WORK/add-$run.db" game photo add 16 "$WORK/phone.jpg" >/dev/null 2>&1
  /usr/bin/time -a -o "$WORK/list.txt" -f "%U %S %M" \
    "$BIN" --db "$WORK/add-$run.db" game photo list >/dev/null 2>&1
done

python3 - "$WORK" "$RUNS" <<'PY'
import json, os, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
mb = lambda n: n / 1_000_000
def measured(name):
    rows = [list(map(float, l.split())) for l in open(os.path.join(work, name)) if l.strip()]
    return statistics.median(r[0] + r[1] for r in rows), statistics.median(r[2] for r in rows)

photos = [os.path.getsize(os.path.join(work, f"game-{g}.jpg")) for g in range(1, 17)]
page = os.path.getsize(os.path.join(work, "story.html"))
plain = os.path.getsize(os.path.join(work, "plain.html"))
book = os.path.join(work, "book")
copies = [os.path.getsize(os.path.join(book, f)) for f in os.listdir(book) if f.startswith("photo-")]
times = {r["command"]: statistics.median(r["times"])
         for r in json.load(open(os.path.join(work, "story.json")))["results"]}
print(f"16 photos of {mb(min(photos)):.2f} to {mb(max(photos)):.2f} MB; their copies "
      f"{mb(min(copies)):.2f} to {mb(max(copies)):.2f} MB ({mb(sum(copies)):.1f} MB in all)")
print(f"story.html: {mb(page):.1f} MB with the photos, {mb(plain):.2f} MB without (budget 20 MB)")
print(f"story: {times['story with 16 photos'] * 1000:.0f} ms with 16 photos, "
      f"{times['story'] * 1000:.0f} ms without; ratio "
      f"{times['story with 16 photos'] / times['story']:.1f}x (no budget)")

size = os.path.getsize(os.path.join(work, "phone.jpg"))
cpu, add_kb = measured("add.txt")
_, list_kb = measured("list.txt")
above = (add_kb - list_kb) * 1024
print(f"game photo add of a {mb(size):.2f} MB, 12-megapixel JPEG: {cpu:.2f} s of CPU "
      f"(user + sys, median of {runs}; budget 1 s)")
print(f"  peak memory {add_kb / 1024:.0f} MiB; game photo list's {list_kb / 1024:.0f} MiB; "
      f"{above / 1_000_000:.0f} MB above it = {above / size:.1f}x the photo (budget 4x)")

budgets = [
    (page <= 20_000_000, "the story's page with 16 photos <= 20 MB"),
    (cpu <= 1.0, "game photo add of a 5 MB photo <= 1 s of CPU"),
    (above <= 4 * size, "game photo add's peak memory <= 4x the photo above game photo list's"),
]
for ok, what in budgets:
    print(("PASS" if ok else "FAIL") + ": " + what)
sys.exit(0 if all(ok for ok, _ in budgets) else 1)
PY
