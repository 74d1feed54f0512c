#!/usr/bin/env bash
# Times scripts run as their authors run them, in the reference Dealer (/usr/games/dealer) and
# in dealvm: no -g or -p on the command line, so each run stops at the script's own `produce`
# (40 deals when it prints them and says nothing) or `generate` (10,000,000 when it says
# nothing). Prints a Markdown table of each script's milliseconds in each program, the ratio
# dealer / dealvm, whether dealvm is within the goal (at most twice Dealer's time, or Dealer's
# time plus 5 ms, whichever is larger) and the milliseconds of a one-deal run of dealvm
# (`-g 1`, goal: 10 ms); then the geometric mean of the ratios and the scripts outside the goal.
#
#   bash comparisons/as_written.sh                        # the default scripts, fastest of 5 rounds
#   RUNS=9 bash comparisons/as_written.sh                 # more rounds
#   ONLY=p1 bash comparisons/as_written.sh                # the scripts whose name holds "p1"
#   bash comparisons/as_written.sh tests/data/published/*.dli   # other scripts
#   CALLGRIND=5 bash comparisons/as_written.sh            # and the instructions of the one-deal
#                                                         # runs of the 5 slowest against Dealer
#   DEALVM=/path/to/other/dealvm bash comparisons/as_written.sh   # another build (none is built)
#
# The default scripts: tests/data/published/ (written as published practice scripts are, several
# with rare conditions), tests/data/users/, tests/data/scripts/ and Debian's examples of Dealer
# (/usr/share/doc/dealer/examples/Descr.*). Both programs get the same seed. Each round runs
# Dealer, then dealvm as written, then dealvm's one-deal run, so that all see the same load; each
# is a whole process, timed by the shell's clock around it, printing to /dev/null, and each
# one's fastest round counts. A script Dealer cannot read is left out. Instructions under
# `valgrind --tool=callgrind` do not move with the machine's load or its host: they are the
# figure to compare builds by.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
ONLY=${ONLY:-}
SEED=${SEED:-1}
CALLGRIND=${CALLGRIND:-0}
source comparisons/lib.sh
require_dealer
if [ -z "${DEALVM:-}" ]; then
  cargo build --release --quiet
  DEALVM=${CARGO_TARGET_DIR:-target}/release/dealvm
fi
if [ $# -gt 0 ]; then
  scripts=("$@")
else
  scripts=(tests/data/published/*.dli tests/data/users/*.dli tests/data/scripts/*.dli)
  for f in /usr/share/doc/dealer/examples/Descr.*; do scripts+=("$f"); done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# NAME: the fastest milliseconds of $tmp/NAME, or `failed`.
fastest() {
  if grep -q failed "$tmp/$1"; then echo failed; else sort -n "$tmp/$1" | head -1; fi
}

echo "| script | dealer ms | dealvm ms | ratio | within goal | dealvm -g 1 ms |"
echo "|---|---|---|---|---|---|"
for file in "${scripts[@]}"; do
  name=$(basename "$file" .dli)
  case $name in *"$ONLY"*) ;; *) continue ;; esac
  # Left out: scripts Dealer cannot read, or that solve double dummy (Debian's Dealer needs
  # GIB's program for them).
  if ! timeout 120 "$DEALER" -s "$SEED" -g 1 "$file" >/dev/null 2>&1; then continue; fi
  rm -f "$tmp"/dealer "$tmp"/dealvm "$tmp"/one
  for _ in $(seq "$RUNS"); do
    time_once dealer "$DEALER" -s "$SEED" "$file"
    time_once dealvm "$DEALVM" -s "$SEED" "$file"
    time_once one "$DEALVM" -s "$SEED" -g 1 "$file"
  done
  d=$(fastest dealer) v=$(fastest dealvm) o=$(fastest one)
  if [ "$v" = failed ] || [ "$o" = failed ]; then
    echo "| \`$name\` | $d | $v | | no | $o |"
    echo "0 $name" >>"$tmp/outside"
    continue
  fi
  ratio=$(awk -v d="$d" -v v="$v" 'BEGIN { printf "%.2f", d / v }')
  within=$(awk -v d="$d" -v v="$v" -v o="$o" 'BEGIN { goal = 2 * d; if (d + 5 > goal) goal = d + 5; print (v <= goal && o <= 10) ? "yes" : "no" }')
  printf '| `%s` | %.1f | %.1f | %s× | %s | %.1f |\n' "$name" "$d" "$v" "$ratio" "$within" "$o"
  echo "$ratio $name $file" >>"$tmp/ratios"
  [ "$within" = yes ] || echo "$ratio $name" >>"$tmp/outside"
done
[ -s "$tmp/ratios" ] || { echo "no script matches ONLY=$ONLY" >&2; exit 1; }
echo
awk -v runs="$RUNS" '{ s += log($1); n++ } END { printf "%d scripts as written, fastest of %d rounds: geometric mean %.2f×", n, runs, exp(s / n) }' "$tmp/ratios"
if [ -s "$tmp/outside" ]; then
  echo "; outside the goal: $(awk '{ printf "%s`%s`", (NR > 1 ? ", " : ""), $2 }' "$tmp/outside")"
else
  echo "; every one within the goal"
fi
if [ "$CALLGRIND" -gt 0 ]; then
  command -v valgrind >/dev/null || { echo "valgrind is missing" >&2; exit 1; }
  echo
  echo "| script (the $CALLGRIND slowest against Dealer) | instructions of \`dealvm -s $SEED -g 1\` |"
  echo "|---|---|"
  sort -n "$tmp/ratios" | head -n "$CALLGRIND" | while read -r _ name file; do
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$DEALVM" -s "$SEED" -g 1 "$file" >/dev/null 2>"$tmp/cg.err"
    count=$(awk '/Collected :/ { print $NF }' "$tmp/cg.err")
    printf '| `%s` | %s |\n' "$name" "$(printf "%'d" "$count" 2>/dev/null || echo "$count")"
  done
fi
