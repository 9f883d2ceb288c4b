#!/usr/bin/env bash
# Every performance budget from one run (docs/performance.md): the whole commands against
# their yardsticks, peak memory and the league's file size (benches/cli.sh), then the cost
# per entry of long logs (benches/long_log.sh). Prints every figure, then one PASS or FAIL
# line per budget, and exits non-zero if any budget fails.
#
#   benches/report.sh                       (ROUNDS=30 RUNS=3: under a minute on 2 cores once built)
#   ROUNDS=100 RUNS=5 benches/report.sh     (steadier medians on a busy machine: a few minutes)
#
# ROUNDS: rounds of benches/cli.sh; RUNS: runs of each command per round there, and runs of
# each command in benches/long_log.sh. Needs hyperfine, sqlite3, GNU time and python3
# (apt-get install hyperfine sqlite3 time python3); it installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/needs.sh
needs benches/report.sh hyperfine sqlite3 time python3
export ROUNDS=${ROUNDS:-30} RUNS=${RUNS:-3}
REPORT=$(mktemp)
trap 'rm -f "$REPORT"' EXIT
export REPORT
started=$SECONDS
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

echo "== whole commands against their yardsticks (benches/cli.sh, $ROUNDS rounds of $RUNS runs)" >&2
benches/cli.sh
echo
echo "== long logs (benches/long_log.sh, $RUNS runs)" >&2
benches/long_log.sh
echo
echo "Budgets"
status=0
python3 benches/verdicts.py "$REPORT" || status=$?
echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr);" \
  "load average $load_before at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end."
echo "ROUNDS=$ROUNDS RUNS=$RUNS; took $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s."
exit "$status"
