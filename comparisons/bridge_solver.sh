#!/usr/bin/env bash
# The whole trick table against the fastest double-dummy solver we know of: Alex Xue's
# bridge-solver (github.com/macroxue/bridge-solver, a program of its own, not part of dealvm),
# DDS through endplay when PYTHON has it, and dealvm (DDS 3) on one thread, on the same deals
# (random, or sharing a predealt hand), taken in turn RUNS times. Prints each one's median wall
# seconds and its ratio to dealvm, and checks that every deal's table has the same tricks.
#
#   git clone https://github.com/macroxue/bridge-solver /tmp/bs
#   g++ -std=c++17 -O3 -march=native -o /tmp/bs/solver /tmp/bs/solver.cc
#   BRIDGE_SOLVER=/tmp/bs/solver bash comparisons/bridge_solver.sh              # 30 deals, 3 runs
#   DEALS=60 RUNS=5 PYTHON=/tmp/ep/bin/python BRIDGE_SOLVER=... bash comparisons/bridge_solver.sh
#   PREDEAL='west SKJ72, HQ83, DJT9, CQ42' BRIDGE_SOLVER=... bash comparisons/bridge_solver.sh
#
# bridge-solver reads one deal per file and is started once per deal (a millisecond or two of
# each deal's time); its speed depends on how it was built (-march=native gives it popcnt, BMI1
# and BMI2's pext/pdep, without which it is slower than DDS). endplay's time leaves out Python's
# start and reading the deals and includes par at four vulnerabilities (microseconds a deal).
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-30}
RUNS=${RUNS:-3}
PYTHON=${PYTHON:-python3}
source comparisons/lib.sh
[ -x "${BRIDGE_SOLVER:-}" ] || { echo "BRIDGE_SOLVER must name a build of bridge-solver (see the head of this script)" >&2; exit 1; }
release_dealvm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
study_deals
printf 'action csvrpt(trix(deal))\n' > "$tmp/table.dli"

# bridge-solver's files: North; West and East on one line; South; a suit's cards or `-`.
mkdir "$tmp/files"
awk -v dir="$tmp/files" '
  function hand(h,   s, n, i, out) {
    n = split(h, s, ".")
    out = ""
    for (i = 1; i <= n; i++) out = out (i > 1 ? " " : "") (s[i] == "" ? "-" : s[i])
    return out
  }
  /^\[Deal "/ {
    split($0, q, "\""); d = substr(q[2], 3); split(d, h, " ")
    f = sprintf("%s/deal.%04d", dir, ++k)
    printf "%s\n%s      %s\n%s\n", hand(h[1]), hand(h[4]), hand(h[2]), hand(h[3]) > f
    close(f)
  }' "$tmp/deals.pbn"

# Each deal's tricks summed over its 20 counts, one line a deal, from each program's output.
dealvm_sums() { awk -F, '/^ *[0-9]+(,[0-9]+)+$/ { s = 0; for (i = 1; i <= NF; i++) s += $i; print s }' "$1"; }
bridge_solver_sums() { awk '/^[NSHDC] +[0-9]/ { s += $2 + $3 + $4 + $5; if (++n % 5 == 0) { print s; s = 0 } }' "$1"; }

bridge_solver_run() {
  local f
  for f in "$tmp"/files/deal.*; do "$BRIDGE_SOLVER" -f "$f"; done
}

have_endplay=
"$PYTHON" -c 'import endplay' 2>/dev/null && have_endplay=1
for _ in $(seq "$RUNS"); do
  timed_run "$tmp/dealvm.out" "$tmp/err" "$DEALVM" -R 1 --deals "$tmp/deals.pbn" "$tmp/table.dli" >> "$tmp/dealvm"
  echo >> "$tmp/dealvm"
  timed_run "$tmp/bs.out" "$tmp/err" bridge_solver_run >> "$tmp/bs"
  echo >> "$tmp/bs"
  if [ -n "$have_endplay" ]; then
    "$PYTHON" comparisons/par_endplay.py "$tmp/deals.pbn" 1 | awk '{ print $1 }' >> "$tmp/endplay"
  fi
done
dealvm_sums "$tmp/dealvm.out" > "$tmp/dealvm.sums"
bridge_solver_sums "$tmp/bs.out" > "$tmp/bs.sums"
[ "$(wc -l < "$tmp/dealvm.sums")" = "$DEALS" ] && cmp -s "$tmp/dealvm.sums" "$tmp/bs.sums" || {
  echo "the tables differ (or a program solved fewer deals): $(diff "$tmp/dealvm.sums" "$tmp/bs.sums" | head -3)" >&2
  exit 1
}

echo "$DEALS deals${PREDEAL:+ sharing $PREDEAL}, the whole table, one thread, median of $RUNS runs"
printf '%-28s %8s %14s\n' program wall_s "against dealvm"
dw=$(median "$tmp/dealvm" 1)
for name in dealvm bs endplay; do
  [ -s "$tmp/$name" ] || continue
  w=$(median "$tmp/$name" 1)
  case $name in
    dealvm) label="dealvm -R 1 (DDS 3)" ;;
    bs) label="bridge-solver" ;;
    endplay) label="endplay (DDS 2.9)" ;;
  esac
  printf '%-28s %8.3f %13.2fx\n' "$label" "$w" "$(echo "$dw / $w" | bc -l)"
done
