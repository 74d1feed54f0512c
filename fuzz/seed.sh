#!/usr/bin/env bash
# Seeds the fuzz corpora from the repository's examples, golden inputs and board files.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p fuzz/corpus/script fuzz/corpus/boards fuzz/corpus/switches
cp examples/*.dli tests/data/golden/*.dli fuzz/corpus/script/
cargo build --release --quiet
for f in examples/club-session.dli examples/weak-two.dli; do
  base=$(basename "$f" .dli)
  target/release/dealvm -s 1 -p 12 --pbn "fuzz/corpus/boards/$base.pbn" --dlm "fuzz/corpus/boards/$base.dlm" "$f" > /dev/null
done
cp tests/data/zrd/*.zrd fuzz/corpus/boards/
target/release/dealvm --deals tests/data/zrd/rpdd_10First.zrd --pbn fuzz/corpus/boards/dd.pbn --dd -p 3 /dev/null > /dev/null
printf -- '-s\n7\n-1\n10\n' > fuzz/corpus/switches/seed
printf -- '-x\n2\n-N\nSAK,HQJ\n-1\n5\n' > fuzz/corpus/switches/swap
printf -- '-p\n3\n--board-start\n5\n-1\n1\n-v\n' > fuzz/corpus/switches/produce
