#!/usr/bin/env bash
# A bounded load test of `dealvm serve` on 127.0.0.1 (never another host): 50 clients for
# 30 s of mixed small and large requests (comparisons/serve_load.py). A benchmark, not a
# test: run it by hand, and note the figures in docs/performance.md.
#
#   bash comparisons/serve_load.sh [CLIENTS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
source comparisons/lib.sh
release_dealvm
python3 comparisons/serve_load.py "$DEALVM" "${1:-50}" "${2:-30}"
