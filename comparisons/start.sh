#!/usr/bin/env bash
# Times the start-up of dealvm against the reference Dealer (/usr/games/dealer): the whole
# process of a run that deals one deal (`-s 1 -g 1 -p 1 FILE`: reading, compiling, choosing
# how to deal, the run, the reports and the exit), for a few scripts that solve no double
# dummy; prints a Markdown table of each program's fastest and median milliseconds.
#
#   bash comparisons/start.sh                          # the default scripts, 30 runs each
#   RUNS=100 bash comparisons/start.sh                 # more runs
#   bash comparisons/start.sh tests/data/users/b0*.dli # other scripts
#   OLD=/tmp/dealvm-old bash comparisons/start.sh      # a third column: another dealvm build
#   DEALVM=/path/to/other/dealvm bash comparisons/start.sh   # another build (none is built)
#
# The programs run in turn (Dealer, dealvm, the old build, Dealer, ...), so that all see the
# same load; each run is timed by the shell's clock around it ($EPOCHREALTIME, no process of its
# own), its output thrown away. A script Dealer cannot read (examples/ use dealvm's statements,
# such as `seed`) shows its failure instead of a time. The milliseconds include starting a
# process at all (about 0.7 ms for a C program that does nothing, on the machine of the table
# in docs/performance.md): the part of the start-up a program can cut is above that.
# dealvm is timed twice: as cargo built it, and as installed (a copy, as `cargo install` or
# `cp` makes): the file the linker (lld) wrote is mapped by the kernel with some 20 more page
# faults than the same bytes copied, even after it is evicted and read again, and starts 0.3
# to 0.5 ms later on the machine of the table (what the program does is the same).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
OLD=${OLD:-}
source comparisons/lib.sh
require_dealer
release_dealvm
if [ $# -gt 0 ]; then
  scripts=("$@")
else
  scripts=(examples/1nt-opener.dli tests/data/users/a01-major-openings.dli tests/data/users/a02-notrump-ranges.dli
    tests/data/users/b01-takeout-double-auction.dli tests/data/users/b04-strong-club.dli tests/data/users/c05-evaluation-methods.dli)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$DEALVM" "$tmp/dealvm-installed"

# NAME: the fastest and the median milliseconds of $tmp/NAME, or `fails`.
summary() {
  if grep -q failed "$tmp/$1"; then
    echo "fails"
  else
    sort -n "$tmp/$1" | awk '{ t[NR] = $1 } END { printf "%.2f / %.2f", t[1], t[int((NR + 1) / 2)] }'
  fi
}

header="| script | dealer ms | dealvm ms, as built | dealvm ms, installed |"
rule="|---|---|---|---|"
if [ -n "$OLD" ]; then
  header="$header old dealvm ms |"
  rule="$rule---|"
fi
echo "$header"
echo "$rule"
for file in "${scripts[@]}"; do
  rm -f "$tmp"/dealer "$tmp"/dealvm "$tmp"/installed "$tmp"/old
  for _ in $(seq "$RUNS"); do
    time_once dealer "$DEALER" -s 1 -g 1 -p 1 "$file"
    time_once dealvm "$DEALVM" -s 1 -g 1 -p 1 "$file"
    time_once installed "$tmp/dealvm-installed" -s 1 -g 1 -p 1 "$file"
    [ -z "$OLD" ] || time_once old "$OLD" -s 1 -g 1 -p 1 "$file"
    time_once true /bin/true
  done
  row="| \`$(basename "$file" .dli)\` | $(summary dealer) | $(summary dealvm) | $(summary installed) |"
  [ -z "$OLD" ] || row="$row $(summary old) |"
  echo "$row"
done
echo
echo "\`/bin/true\` in turn with them: $(summary true) ms (the goal: a one-deal four-seat run within 2 ms of it)"
echo
echo "fastest / median of $RUNS runs each, whole processes of \`-s 1 -g 1 -p 1 FILE\`, the programs in turn"
