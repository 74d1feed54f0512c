#!/usr/bin/env bash
# Runs the "real scripts" of tests/data/scripts/ (bidding-practice scripts as teachers write
# them: dozens of variables, every seat, many statistics) through the reference Dealer
# (/usr/games/dealer) and through dealvm on one thread, back to back, and prints each
# program's deals generated per second, the ratio dealvm / dealer, and at the end the
# geometric mean and the smallest of the ratios.
#
#   bash comparisons/scripts.sh                  # every script, 1,000,000 deals, fastest of 3 runs
#   DEALS=200000 RUNS=1 bash comparisons/scripts.sh
#   ONLY=slam bash comparisons/scripts.sh        # the scripts whose file name contains "slam"
#   DEALVM=/path/to/other/dealvm bash comparisons/scripts.sh   # another build (none is built)
#
# Both programs get the same seed and `-g DEALS -p DEALS` on the command line, which beats
# the file's `generate` and `produce` in both: every script deals all DEALS deals, even one
# whose file stops after 40 produced deals, and since produce is not below generate dealvm
# deals every deal and tests the condition, as Dealer does (no exact dealing). Printed
# deals go to a scratch file, not to the terminal. Each program runs RUNS times on each
# script and its fastest run counts: the machine is shared, and the fastest run is the
# least disturbed one. Times are of the whole process, start-up included.
# Dealer's `printpbn` toggles its verbose flag at each deal it prints, so after an odd
# number of PBN deals it prints no "Generated" line: it then generated DEALS deals, since
# the generate count is the only one it can reach.
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-1000000}
RUNS=${RUNS:-3}
ONLY=${ONLY:-}
SEED=${SEED:-1}
source comparisons/lib.sh
require_dealer
release_dealvm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # program and args...: the fastest of $RUNS runs, as "seconds generated produced"
  local best="" t gen="" prod=""
  for _ in $(seq "$RUNS"); do
    t=$(timed_run "$tmp/out" "$tmp/err" "$@")
    best=$(faster "$best" "$t")
    gen=$(awk '/^Generated/ { print $2 }' "$tmp/out")
    prod=$(awk '/^Produced/ { print $2 }' "$tmp/out")
    [ -n "$gen" ] || { gen=$DEALS; prod=-; }
  done
  if grep -q '^Exact dealing' "$tmp/out"; then
    echo "warning: $* dealt exactly: its deals per second do not compare" >&2
  fi
  echo "$best $gen $prod"
}

printf '%-26s %5s %8s %12s %12s %7s\n' script vars accepted dealer/s dealvm/s ratio
ratios=()
for file in tests/data/scripts/*.dli; do
  name=$(basename "$file" .dli)
  case $name in *"$ONLY"*) ;; *) continue ;; esac
  vars=$(grep -c '^[A-Za-z][A-Za-z0-9_]* *=' "$file" || true)
  read -r ds dg dp < <(run "$DEALER" -s "$SEED" -g "$DEALS" -p "$DEALS" "$file")
  read -r vs vg vp < <(run "$DEALVM" -s "$SEED" -R 1 -g "$DEALS" -p "$DEALS" "$file")
  [ "$dg" = "$DEALS" ] && [ "$vg" = "$DEALS" ] || { echo "$name: generated $dg (dealer) and $vg (dealvm), not $DEALS" >&2; exit 1; }
  dr=$(awk -v g="$dg" -v s="$ds" 'BEGIN { printf "%.0f", g / s }')
  vr=$(awk -v g="$vg" -v s="$vs" 'BEGIN { printf "%.0f", g / s }')
  ratio=$(awk -v a="$vr" -v b="$dr" 'BEGIN { printf "%.1f", a / b }')
  accepted=$(awk -v p="$vp" -v g="$vg" 'BEGIN { printf "%.2f%%", 100 * p / g }')
  printf '%-26s %5s %8s %12s %12s %6s×\n' "$name" "$vars" "$accepted" "$dr" "$vr" "$ratio"
  ratios+=("$ratio")
done
[ ${#ratios[@]} -gt 0 ] || { echo "no script matches ONLY=$ONLY" >&2; exit 1; }
printf '%s\n' "${ratios[@]}" | awk '
  { s += log($1); n++; if (min == "" || $1 < min) min = $1 }
  END { printf "%d scripts, %s deals each: geometric mean %.1f×, minimum %.1f×\n", n, "'"$DEALS"'", exp(s / n), min }'
