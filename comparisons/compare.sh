#!/usr/bin/env bash
# Runs dealvm and the reference Dealer (/usr/games/dealer) back to back on the same inputs and
# prints deals generated per second and the ratio dealvm / dealer.
#
#   bash comparisons/compare.sh            # T1 with 10M deals, T2, T3, T4
#   DEALS=1000000 bash comparisons/compare.sh
#   RUNS=5 bash comparisons/compare.sh     # each program's fastest of 5 runs (default 3)
#
# Each program runs RUNS times on each test and its fastest run counts, for dealer as for
# dealvm: this machine is shared, and the fastest run is the least disturbed one.
# T1: every deal produced, average of north's HCP (10M deals).
# T2: a 15-17 balanced north with five hearts in south, produce 10000, printoneline to /dev/null.
# T3: a rare condition (west 9 spades, east 6-6 in the minors), produce 10: dealvm deals it
#     exactly; both find about one such deal in the default 10M deals (dealvm's exact deals
#     stand for the random deals Dealer would deal, so the budget means the same).
# T4: a rare hand (28+ HCP, 4333), produce 3000: exact in dealvm; about 55 in the 10M of each.
# For T1 and T2 the ratio is of deals generated per second; for T3 and T4, of the time per
# deal produced (dealvm --rejection deals every deal and tests the condition, as Dealer does).
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
cat > "$tmp/T4.dli" <<DLI
condition hcp(north) >= 28 && shape(north, any 4333)
produce 3000
action printoneline
DLI

run() { # program and args...: the fastest of $RUNS runs, as "seconds generated produced"
  local best="" start end out t gen prod
  for _ in $(seq "$RUNS"); do
    start=$(date +%s.%N)
    out=$("$@" | grep -E '^(Generated|Produced)' | awk '{print $2}' | tr '\n' ' ')
    end=$(date +%s.%N)
    t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    read -r gen prod <<<"$out"
  done
  echo "$best $gen $prod"
}

ratio() { # test, dealer's "seconds generated produced", ours: the ratio of the test's measure
  local t=$1 ds=$2 dg=$3 dp=$4 s=$5 g=$6 p=$7
  case $t in
    T1|T2) awk -v a="$g" -v sa="$s" -v b="$dg" -v sb="$ds" 'BEGIN { printf "%.1f", (a / sa) / (b / sb) }' ;;
    *) awk -v a="$p" -v sa="$s" -v b="$dp" -v sb="$ds" 'BEGIN { if (b == 0) print "-"; else printf "%.0f", (a / sa) / (b / sb) }' ;;
  esac
}

printf '%-4s %-24s %9s %10s %9s %12s %8s\n' test program seconds generated produced deals/sec ratio
line() { # test, label, seconds generated produced, ratio
  printf '%-4s %-24s %9s %10s %9s %12s %8s\n' "$1" "$2" "$3" "$4" "$5" "$(awk -v g="$4" -v s="$3" 'BEGIN { printf "%.0f", g / s }')" "$6"
}
for t in T1 T2 T3 T4; do
  input="$tmp/$t.dli"
  read -r ds dg dp < <(run "$DEALER" -s 1 "$input")
  line "$t" "dealer" "$ds" "$dg" "$dp" "1.0"
  read -r s1 g1 p1 < <(run "$DEALVM" -s 1 -R 1 "$input")
  line "$t" "dealvm -R 1" "$s1" "$g1" "$p1" "$(ratio "$t" "$ds" "$dg" "$dp" "$s1" "$g1" "$p1")"
  read -r sn gn pn < <(run "$DEALVM" -s 1 -R "$THREADS" "$input")
  line "$t" "dealvm -R $THREADS" "$sn" "$gn" "$pn" "$(ratio "$t" "$ds" "$dg" "$dp" "$sn" "$gn" "$pn")"
  if [ "$t" = T2 ] || [ "$t" = T3 ] || [ "$t" = T4 ]; then
    read -r sr gr pr < <(run "$DEALVM" -s 1 -R 1 --rejection "$input")
    line "$t" "dealvm -R 1 --rejection" "$sr" "$gr" "$pr" "$(ratio "$t" "$ds" "$dg" "$dp" "$sr" "$gr" "$pr")"
  fi
done
