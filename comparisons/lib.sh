# Helpers shared by the benchmarks that time dealvm against the reference programs (Dealer, DDS
# through endplay), sourced by the scripts of comparisons/ from the repository's root.
#
# DEALER names the reference program (default /usr/games/dealer), DEALVM another dealvm build
# (default: the release build, built first).

DEALER=${DEALER:-/usr/games/dealer}

# Stops unless the reference Dealer is installed.
require_dealer() {
  [ -x "$DEALER" ] || { echo "the reference $DEALER is missing (apt-get install dealer)" >&2; exit 1; }
}

# Sets DEALVM to the release build, building it, unless DEALVM already names a build.
release_dealvm() {
  if [ -z "${DEALVM:-}" ]; then
    cargo build --release --quiet
    DEALVM=target/release/dealvm
  fi
}

# OUT ERR program args...: runs the program with its output in the files OUT and ERR (OUT may be
# /dev/null) and prints the seconds it took, start-up included; stops the benchmark if it fails.
timed_run() {
  local out=$1 err=$2 start end
  shift 2
  start=$(date +%s.%N)
  "$@" >"$out" 2>"$err" || { echo "failed: $*" >&2; cat "$err" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }'
}

# BEST T: the smaller of the two times, T when BEST is empty (the first run).
faster() {
  if [ -z "$1" ] || awk -v a="$2" -v b="$1" 'BEGIN { exit !(a < b) }'; then echo "$2"; else echo "$1"; fi
}

# NAME program args...: runs the program once and appends its milliseconds to $tmp/NAME (the caller's scratch folder), or
# `failed` when it exits with an error.
time_once() {
  local name=$1 start end
  shift
  start=$EPOCHREALTIME
  if "$@" >/dev/null 2>&1; then
    end=$EPOCHREALTIME
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", 1000 * (e - s) }' >>"$tmp/$name"
  else
    echo failed >>"$tmp/$name"
  fi
}

# Writes DEALS deals dealt by $DEALVM with seed 1 to $tmp/deals.pbn (the caller's scratch folder),
# random, or sharing the predeal line's seat and cards PREDEAL when it is set (a study's shape).
study_deals() {
  {
    [ -z "${PREDEAL:-}" ] || printf 'predeal %s\n' "$PREDEAL"
    printf 'generate %d\nproduce %d\naction printpbn\n' "$DEALS" "$DEALS"
  } > "$tmp/make.dli"
  "$DEALVM" -s 1 "$tmp/make.dli" > "$tmp/deals.pbn"
}

# Stops unless $PYTHON (default python3) imports endplay, DDS for Python.
require_endplay() {
  "${PYTHON:-python3}" -c 'import endplay' 2>/dev/null || { echo "endplay is missing: PYTHON=... (a Python with endplay installed)" >&2; exit 1; }
}

# FILE COLUMN: the median of column COLUMN of the numbers in FILE.
median() { sort -g -k"$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# OUT program args...: the instructions the program carries out, counted by valgrind's callgrind
# (the same count on a busy machine as on an idle one), its output in the file OUT.
instructions() {
  local out=$1
  shift
  command -v valgrind >/dev/null || { echo "counting instructions needs valgrind (apt-get install valgrind)" >&2; exit 1; }
  valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$out.valgrind" "$@" > "$out" || { echo "failed: $*" >&2; exit 1; }
  awk '/Collected :/ { print $NF }' "$out.valgrind"
}

# LABEL COUNT LABEL COUNT: endplay's instructions and dealvm's, one row each, then their ratio.
count_rows() {
  awk -v el="$1" -v e="$2" -v dl="$3" -v d="$4" 'BEGIN { printf "%-28s %14.0f\n%-28s %14.0f\nendplay / dealvm %.2fx\n", el, e, dl, d, e / d }'
}
