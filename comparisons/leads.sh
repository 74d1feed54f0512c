#!/usr/bin/env bash
# An opening-lead study against DDS itself: every lead of the same deals solved by dealvm's
# evalleads (one thread) and by DDS's SolveBoard called from Python through endplay (one thread,
# each deal on its own), taken in turn RUNS times; prints each one's median wall and processor
# seconds and the ratio endplay / dealvm, and checks that both give the same tricks, card by
# card.
#
#   python3 -m venv /tmp/ep && /tmp/ep/bin/pip install endplay
#   PYTHON=/tmp/ep/bin/python bash comparisons/leads.sh          # 200 deals, 3 runs
#   COUNT=1 DEALS=6 PYTHON=... bash comparisons/leads.sh          # instructions, not seconds
#
# COUNT=1 counts the instructions of each (valgrind's callgrind): endplay's run less the same
# script's over no deals, dealvm's less its run dealing the same deals and solving nothing.
# The study: West holds SKJ72 HQ83 DJT9 CQ42 against 3NT by South after 1NT (15-17) - 3NT. The
# deals are the study's own (its seed): dealvm deals them and prints them for endplay, then
# deals them again for evalleads, whose time includes dealing them (a few milliseconds).
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-200}
RUNS=${RUNS:-3}
PYTHON=${PYTHON:-python3}
source comparisons/lib.sh
release_dealvm
require_endplay
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
study="predeal west SKJ72, HQ83, DJT9, CQ42
condition shape(south, any 4333 + any 4432 + any 5332) && hcp(south) >= 15 && hcp(south) <= 17
          && hcp(north) >= 9 && spades(north) < 4 && hearts(north) < 4
produce $DEALS"
printf '%s\naction printpbn\n' "$study" > "$tmp/deals.dli"
printf '%s\naction evalleads(south, z3N, nv)\n' "$study" > "$tmp/leads.dli"
"$DEALVM" -s 1 -R 1 "$tmp/deals.dli" > "$tmp/deals.pbn"

if [ -n "${COUNT:-}" ]; then
  : > "$tmp/empty.pbn"
  e=$(instructions "$tmp/last" "$PYTHON" comparisons/leads_endplay.py "$tmp/deals.pbn" W N)
  e0=$(instructions "$tmp/ep0.out" "$PYTHON" comparisons/leads_endplay.py "$tmp/empty.pbn" W N)
  d=$(instructions "$tmp/out" "$DEALVM" -s 1 -R 1 --json "$tmp/leads.json" "$tmp/leads.dli")
  d0=$(instructions "$tmp/none.out" "$DEALVM" -s 1 -R 1 "$tmp/deals.dli")
else
  for _ in $(seq "$RUNS"); do
    "$PYTHON" comparisons/leads_endplay.py "$tmp/deals.pbn" W N > "$tmp/last"
    awk '{ print $1, $2 }' "$tmp/last" >> "$tmp/endplay"
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$DEALVM" -s 1 -R 1 --json "$tmp/leads.json" "$tmp/leads.dli" > /dev/null
    awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$tmp/time" >> "$tmp/dealvm"
  done
fi

# The same tricks: endplay's per card (the leader's side) against dealvm's counts.
"$PYTHON" - "$tmp/last" "$tmp/leads.json" <<'PY'
import json, sys
endplay = dict(kv.split("=") for kv in open(sys.argv[1]).read().split()[2:])
report = json.load(open(sys.argv[2]))["reports"][0]
ours = {card: sum(t * n for t, n in enumerate(lead["counts"])) for lead in report["leads"] for card in lead["cards"]}
assert {k: int(v) for k, v in endplay.items()} == ours, (endplay, ours)
print(f"the same tricks for each of the {len(ours)} cards over {report['n']} deals")
PY

if [ -n "${COUNT:-}" ]; then
  echo "$DEALS deals, every lead of West against 3NT, instructions (callgrind), one thread each"
  count_rows "endplay (DDS SolveBoard)" "$((e - e0))" "dealvm evalleads -R 1" "$((d - d0))"
  exit 0
fi
echo "$DEALS deals, every lead of West against 3NT, median of $RUNS runs, one thread each"
printf '%-28s %8s %8s %14s %14s\n' program wall_s cpu_s "endplay/wall" "endplay/cpu"
ew=$(median "$tmp/endplay" 1) ec=$(median "$tmp/endplay" 2)
for name in endplay dealvm; do
  w=$(median "$tmp/$name" 1) c=$(median "$tmp/$name" 2)
  label=$([ "$name" = endplay ] && echo "endplay (DDS SolveBoard)" || echo "dealvm evalleads -R 1")
  printf '%-28s %8.3f %8.3f %14.2f %14.2f\n' "$label" "$w" "$c" "$(awk -v a="$ew" -v b="$w" 'BEGIN { print a / b }')" "$(awk -v a="$ec" -v b="$c" 'BEGIN { print a / b }')"
done
