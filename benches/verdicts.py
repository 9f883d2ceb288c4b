"""The budgets' verdicts, for benches/report.sh (and for benches/cli.sh or benches/long_log.sh
run alone): reads the rows those scripts wrote, one JSON object a line (what, value, limit,
unit; every budget is an upper bound), prints one PASS or FAIL line per budget, and exits 1
if any failed or none was measured.

    python3 benches/verdicts.py ROWS_FILE
"""

import json
import sys


def shown(value, unit):
    return f"{value:.2f}x" if unit == "x" else f"{value:.1f} {unit}"


rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
if not rows:
    print("FAIL  no budget was measured")
    sys.exit(1)
width = max(len(r["what"]) for r in rows)
failed = 0
for r in rows:
    ok = r["value"] <= r["limit"]
    failed += not ok
    print(
        f"{'PASS' if ok else 'FAIL'}  {r['what']:{width}}  {shown(r['value'], r['unit']):>9}"
        f"  (budget <= {shown(r['limit'], r['unit'])})"
    )
print(f"{len(rows) - failed} of {len(rows)} budgets pass, {failed} fail.")
sys.exit(1 if failed else 0)
