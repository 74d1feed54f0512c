#!/usr/bin/env bash
# Double dummy on whole runs: deals per second on one thread and on all, for three workloads,
# each program's fastest of RUNS runs (the machine is shared; the fastest run is the least
# disturbed). The per-deal cost against DDS called directly is `cargo bench --bench dd`.
#
#   bash comparisons/dd.sh                 # RUNS=3
#
# W1: one dds() per deal (a single solve), 200 deals.
# W2: par at four vulnerabilities per deal, 30 deals (par alone: target searches, no table).
# W3: `hcp(north) + hcp(south) >= 23 && dds(south, notrump) >= 9`: a target search for the
#     deals the HCP test lets through, 3000 deals.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
cargo build --release --quiet
DEALVM=target/release/dealvm
THREADS=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'generate 200\nproduce 200\naction average dds(south, notrump)\n' > "$tmp/W1.dli"
printf 'generate 30\nproduce 30\naction average par(NS, none), average par(NS, ns), average par(NS, ew), average par(NS, both)\n' > "$tmp/W2.dli"
printf 'generate 3000\nproduce 3000\ncondition hcp(north) + hcp(south) >= 23 && dds(south, notrump) >= 9\naction average hcp(north) + hcp(south)\n' > "$tmp/W3.dli"

# The fastest wall time of RUNS runs of a command, in seconds.
fastest() {
  local best=""
  for _ in $(seq "$RUNS"); do
    local start end t
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

printf '%-4s %8s %12s %12s %8s\n' test deals "1 thread/s" "$THREADS threads/s" speedup
for w in W1:200 W2:30 W3:3000; do
  name=${w%%:*}; deals=${w##*:}
  one=$(fastest "$DEALVM" -s 1 -R 1 "$tmp/$name.dli")
  all=$(fastest "$DEALVM" -s 1 -R "$THREADS" "$tmp/$name.dli")
  printf '%-4s %8d %12.1f %12.1f %8.2f\n' "$name" "$deals" "$(echo "$deals / $one" | bc -l)" "$(echo "$deals / $all" | bc -l)" "$(echo "$one / $all" | bc -l)"
done
