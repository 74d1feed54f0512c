#!/usr/bin/env bash
# Double dummy against DDS itself: par at the four vulnerabilities of the same deals (random,
# or sharing a predealt hand), found by dealvm (`--deals`, one and two threads) and by DDS
# called from Python through endplay (one thread: the whole trick table, then par, as DDS
# finds par), taken in turn RUNS times; prints each one's median wall and processor seconds and
# the ratios endplay / dealvm, and checks that both give the same par scores. dealvm finds par
# alone by target searches; with TABLE=1 its script prints the whole table too, so that it
# solves every count as DDS does.
#
#   python3 -m venv /tmp/ep && /tmp/ep/bin/pip install endplay
#   PYTHON=/tmp/ep/bin/python bash comparisons/endplay.sh              # 200 deals, 5 runs
#   DEALS=40 RUNS=3 PYTHON=... BEFORE=/path/to/old/dealvm bash comparisons/endplay.sh
#   PREDEAL='west SKJ72, HQ83, DJT9, CQ42' PYTHON=... bash comparisons/endplay.sh
#   TABLE=1 PYTHON=... bash comparisons/endplay.sh
#   COUNT=1 DEALS=4 PYTHON=... bash comparisons/endplay.sh      # instructions, not seconds
#
# COUNT=1 counts the instructions of each (valgrind's callgrind; the machine's load does not move
# them): endplay's run less the same script's over no deals (Python's start and imports),
# dealvm's less its run over the same deals with a script that solves nothing.
# DEALVM names the build to time (default: the release build, built first), BEFORE another one
# timed beside it on one thread; PREDEAL a predeal line's seat and cards, for deals that share
# a hand, as a study's do (random deals without it). endplay's own time leaves out Python's
# start and reading the deals; dealvm's is the whole process (a few milliseconds of it start-up).
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-200}
RUNS=${RUNS:-5}
PYTHON=${PYTHON:-python3}
source comparisons/lib.sh
release_dealvm
require_endplay
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
study_deals
if [ -n "${TABLE:-}" ]; then
  # The whole table printed beside par: dealvm solves every count, as DDS does.
  printf 'action average par(NS, none), average par(NS, ns), average par(NS, ew), average par(NS, both), csvrpt(trix(deal))\n' > "$tmp/par.dli"
else
  # Par alone: dealvm searches each count only as far as the par score needs.
  printf 'action average par(NS, none), average par(NS, ns), average par(NS, ew), average par(NS, both)\n' > "$tmp/par.dli"
fi

# FILE: the par total of a dealvm output.
par_total() { awk -v n="$DEALS" '/^Mean=/ { sub(/,/, "", $2); s += $2 * n } END { printf "%.0f\n", s }' "$1"; }

if [ -n "${COUNT:-}" ]; then
  : > "$tmp/empty.pbn"
  printf 'action average hcp(north)\n' > "$tmp/none.dli"
  e=$(instructions "$tmp/ep.out" "$PYTHON" comparisons/par_endplay.py "$tmp/deals.pbn" 1)
  e0=$(instructions "$tmp/ep0.out" "$PYTHON" comparisons/par_endplay.py "$tmp/empty.pbn" 1)
  d=$(instructions "$tmp/out" "$DEALVM" -R 1 --deals "$tmp/deals.pbn" "$tmp/par.dli")
  d0=$(instructions "$tmp/none.out" "$DEALVM" -R 1 --deals "$tmp/deals.pbn" "$tmp/none.dli")
  [ "$(par_total "$tmp/out")" = "$(awk '{ print $3 }' "$tmp/ep.out")" ] || { echo "par totals differ" >&2; exit 1; }
  echo "$DEALS deals, par at four vulnerabilities${TABLE:+ and the whole table}, instructions (callgrind)"
  count_rows "endplay (DDS), 1 thread" "$((e - e0))" "dealvm -R 1" "$((d - d0))"
  exit 0
fi

# NAME program args...: one run of dealvm on the deals, its wall and processor seconds appended
# to $tmp/NAME, its par total to $tmp/NAME.par.
dealvm_run() {
  local name=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" --deals "$tmp/deals.pbn" "$tmp/par.dli" > "$tmp/out"
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$tmp/time" >> "$tmp/$name"
  par_total "$tmp/out" > "$tmp/$name.par"
}

for _ in $(seq "$RUNS"); do
  "$PYTHON" comparisons/par_endplay.py "$tmp/deals.pbn" 1 > "$tmp/last"
  awk '{ print $1, $2 }' "$tmp/last" >> "$tmp/endplay"
  awk '{ print $3 }' "$tmp/last" > "$tmp/endplay.par"
  dealvm_run one "$DEALVM" -R 1
  dealvm_run two "$DEALVM" -R 2
  [ -z "${BEFORE:-}" ] || dealvm_run before "$BEFORE" -R 1
done


echo "$DEALS deals, par at four vulnerabilities${TABLE:+ and the whole table}, median of $RUNS runs"
printf '%-28s %8s %8s %14s %14s\n' program wall_s cpu_s "endplay/wall" "endplay/cpu"
ew=$(median "$tmp/endplay" 1) ec=$(median "$tmp/endplay" 2)
for name in endplay one two before; do
  [ -s "$tmp/$name" ] || continue
  w=$(median "$tmp/$name" 1) c=$(median "$tmp/$name" 2)
  case $name in
    endplay) label="endplay (DDS), 1 thread" ;;
    one) label="dealvm -R 1" ;;
    two) label="dealvm -R 2" ;;
    before) label="before: dealvm -R 1" ;;
  esac
  printf '%-28s %8.3f %8.3f %13.2fx %13.2fx\n' "$label" "$w" "$c" "$(echo "$ew / $w" | bc -l)" "$(echo "$ec / $c" | bc -l)"
  if [ "$name" != endplay ] && ! cmp -s "$tmp/$name.par" "$tmp/endplay.par"; then
    echo "  par totals differ: $(cat "$tmp/$name.par") against endplay's $(cat "$tmp/endplay.par")" >&2
    exit 1
  fi
done
