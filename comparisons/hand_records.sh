#!/usr/bin/env bash
# Hand records of a session, start to finish: the 36 boards of Big Deal's reference run h36
# read with --deals, every board solved double dummy (table and par), and the PDF written; on
# one thread and on all, each the fastest of RUNS runs. The goal: under 10 s on two cores,
# nearly all of it the solver (the PDF alone: `cargo bench --bench hand_records`).
#
#   bash comparisons/hand_records.sh       # RUNS=3
set -euo pipefail
cd "$(dirname "$0")/.."
source comparisons/lib.sh
RUNS=${RUNS:-3}
release_dealvm
THREADS=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
deals=tests/data/bigdeal/h36/hash.pbn

printf '%-28s %10s\n' "36 boards" "seconds"
for threads in 1 "$THREADS"; do
  for form in pdf txt; do
    best=""
    for _ in $(seq "$RUNS"); do
      t=$(timed_run /dev/null "$tmp/err" "$DEALVM" -R "$threads" --deals "$deals" --hand-records "$tmp/records.$form" --date 2026-11-28)
      best=$(faster "$best" "$t")
    done
    printf '%-28s %10.2f\n' "$form, $threads thread(s)" "$best"
  done
done
