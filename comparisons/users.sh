#!/usr/bin/env bash
# Times the user-style scripts of tests/data/users/ in the reference Dealer (/usr/games/dealer) and
# in dealvm on one thread, and prints a Markdown table of each script's seconds in each program
# and the ratio dealer / dealvm, then the geometric mean of the ratios, overall and for each
# kind of script, and the smallest ratio.
#
#   bash comparisons/users.sh                    # every script, 1,000,000 deals, fastest of 3 runs
#   bash comparisons/users.sh 200000             # another number of deals (or DEALS=200000)
#   RUNS=1 ONLY=b0 bash comparisons/users.sh     # one run each, the scripts whose name holds "b0"
#   DEALVM=/path/to/other/dealvm bash comparisons/users.sh   # another build (none is built)
#   DIR=tests/data/published bash comparisons/users.sh       # another folder of scripts
#
# The kind of a script is the first letter of its name: a, practice scenarios printing every
# deal they produce (5 to 35% of the deals); b, four-seat bidding scenarios with 30 to 80
# variables; c, simulations with dozens of average and frequency actions; d, practice
# scenarios written as published ones are (auctions of calls joined by `or`).
# Both programs get the same seed and `-g DEALS -p DEALS` on the command line, which beats the
# file's `generate` and `produce`: every script deals all DEALS deals, and dealvm deals every
# deal and tests the condition, as Dealer does (no exact dealing). A script whose header has a
# line `# bench deals: N` deals at most N (for one too slow in Dealer to deal DEALS). Each run
# is a whole process, start-up and compiling included, printing to /dev/null. Each script runs
# RUNS rounds of Dealer then dealvm, taken in turn so that both see the same load, and each
# program's fastest round counts.
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${1:-${DEALS:-1000000}}
RUNS=${RUNS:-3}
ONLY=${ONLY:-}
SEED=${SEED:-1}
source comparisons/lib.sh
require_dealer
release_dealvm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| script | kind | dealer s | dealvm s | ratio |"
echo "|---|---|---|---|---|"
for file in "${DIR:-tests/data/users}"/*.dli; do
  name=$(basename "$file" .dli)
  case $name in *"$ONLY"*) ;; *) continue ;; esac
  deals=$DEALS
  cap=$(awk '/^# bench deals: [0-9]+$/ { print $4; exit }' "$file")
  if [ -n "$cap" ] && [ "$cap" -lt "$deals" ]; then deals=$cap; fi
  dealer_best="" dealvm_best=""
  for _ in $(seq "$RUNS"); do
    t=$(timed_run /dev/null "$tmp/err" "$DEALER" -s "$SEED" -g "$deals" -p "$deals" "$file")
    dealer_best=$(faster "$dealer_best" "$t")
    t=$(timed_run /dev/null "$tmp/err" "$DEALVM" -R 1 -s "$SEED" -g "$deals" -p "$deals" "$file")
    dealvm_best=$(faster "$dealvm_best" "$t")
  done
  ratio=$(awk -v d="$dealer_best" -v v="$dealvm_best" 'BEGIN { printf "%.1f", d / v }')
  note=""
  [ "$deals" = "$DEALS" ] || note=" ($deals deals)"
  printf '| `%s`%s | %s | %.3f | %.3f | %s× |\n' "$name" "$note" "${name:0:1}" "$dealer_best" "$dealvm_best" "$ratio"
  echo "${name:0:1} $ratio $name" >>"$tmp/ratios"
done
[ -s "$tmp/ratios" ] || { echo "no script matches ONLY=$ONLY" >&2; exit 1; }
echo
awk -v deals="$DEALS" -v runs="$RUNS" '
  { s += log($2); n++; k[$1] += log($2); c[$1]++
    if (min == "" || $2 + 0 < min) { min = $2 + 0; slowest = $3 } }
  END {
    printf "%d scripts, %s deals, fastest of %d: geometric mean %.1f×", n, deals, runs, exp(s / n)
    split("a b c d", kinds, " ")
    for (i = 1; i <= 4; i++) if (kinds[i] in c)
      line = line sprintf("; kind %s %.1f× (%d)", kinds[i], exp(k[kinds[i]] / c[kinds[i]]), c[kinds[i]])
    printf "%s; minimum %.1f× (`%s`)\n", line, min, slowest
  }' "$tmp/ratios"
