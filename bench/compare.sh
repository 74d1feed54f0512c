#!/usr/bin/env bash
# Runs dealvm and the reference Dealer (/usr/games/dealer) back to back on the same inputs and
# prints deals generated per second and the ratio dealvm / dealer.
#
#   bash bench/compare.sh            # T1 with 10M deals, T2, T3
#   DEALS=1000000 bash bench/compare.sh
#   RUNS=5 bash bench/compare.sh     # each program's fastest of 5 runs (default 3)
#
# Each program runs RUNS times on each test and its fastest run counts, for dealer as for
# dealvm: this machine is shared, and the fastest run is the least disturbed one.
# T1: every deal produced, average of north's HCP (10M deals).
# T2: a 15-17 balanced north with five hearts in south, produce 10000, printoneline to /dev/null.
# T3: a rare condition (west 9 spades, east 6-6 in the minors), produce 10.
set -euo pipefail
cd "$(dirname "$0")/.."
DEALS=${DEALS:-10000000}
DEALER=${DEALER:-/usr/games/dealer}
RUNS=${RUNS:-3}
[ -x "$DEALER" ] || { echo "the reference $DEALER is missing (apt-get install dealer)" >&2; exit 1; }
cargo build --release --quiet
DEALVM=target/release/dealvm
THREADS=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/T1.dli" <<DLI
generate $DEALS
produce $DEALS
condition hcp(north)>=0
action average hcp(north)
DLI
cat > "$tmp/T2.dli" <<DLI
condition shape(north, any 4333 + any 4432 + any 5332) and hcp(north)>=15 and hcp(north)<=17 and hearts(south)>=5
produce 10000
action printoneline
DLI
cat > "$tmp/T3.dli" <<DLI
condition spades(west)==9 and diamonds(east)==6 and clubs(east)==6
produce 10
DLI

run() { # program and args...: the fastest of $RUNS runs, as "seconds generated deals/sec"
  local best="" start end gen t
  for _ in $(seq "$RUNS"); do
    start=$(date +%s.%N)
    gen=$("$@" | grep '^Generated' | awk '{print $2}')
    end=$(date +%s.%N)
    t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  awk -v t="$best" -v g="$gen" 'BEGIN { printf "%.3f %d %.0f\n", t, g, g / t }'
}

printf '%-4s %-22s %10s %12s %14s %8s\n' test program seconds deals deals/sec ratio
for t in T1 T2 T3; do
  input="$tmp/$t.dli"
  read -r ds dg dr < <(run "$DEALER" -s 1 "$input")
  printf '%-4s %-22s %10s %12s %14s %8s\n' "$t" "dealer" "$ds" "$dg" "$dr" "1.0"
  read -r s1 g1 r1 < <(run "$DEALVM" -s 1 -R 1 "$input")
  printf '%-4s %-22s %10s %12s %14s %8s\n' "$t" "dealvm -R 1" "$s1" "$g1" "$r1" "$(awk -v a="$r1" -v b="$dr" 'BEGIN { printf "%.1f", a / b }')"
  read -r sn gn rn < <(run "$DEALVM" -s 1 -R "$THREADS" "$input")
  printf '%-4s %-22s %10s %12s %14s %8s\n' "$t" "dealvm -R $THREADS" "$sn" "$gn" "$rn" "$(awk -v a="$rn" -v b="$dr" 'BEGIN { printf "%.1f", a / b }')"
done
