#!/usr/bin/env bash
# Seeds the fuzz corpora from the repository's examples, golden inputs and board files.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p fuzz/corpus/script fuzz/corpus/boards fuzz/corpus/switches fuzz/corpus/appends fuzz/corpus/parts fuzz/corpus/servers fuzz/corpus/oracle
cp examples/*.dli tests/data/golden/*.dli fuzz/corpus/script/
cargo build --release --quiet
# boards: a byte that picks the file's extension (its place in BOARD_EXTENSIONS of
# fuzz/src/lib.rs), then the file.
extensions=(board pbn dlm dup bri dge ber rzd cds bhg csv lin goe zrd dl52)
seed_board() {
  local ext="${1##*.}" i
  for i in "${!extensions[@]}"; do [ "${extensions[$i]}" = "$ext" ] && break; done
  { printf "\\$(printf '%03o' "$i")"; cat "$1"; } > "fuzz/corpus/boards/$2"
}
mkdir -p /tmp/dealvm-seed-boards
for f in examples/club-session.dli examples/weak-two.dli; do
  base=$(basename "$f" .dli)
  target/release/dealvm -s 1 -p 12 --pbn "/tmp/dealvm-seed-boards/$base.pbn" --dlm "/tmp/dealvm-seed-boards/$base.dlm" "$f" > /dev/null
done
target/release/dealvm --deals tests/data/zrd/rpdd_10First.zrd --pbn /tmp/dealvm-seed-boards/dd.pbn --dd -p 3 /dev/null > /dev/null
for f in /tmp/dealvm-seed-boards/* tests/data/zrd/*.zrd tests/data/bigdeal/w11/*; do
  seed_board "$f" "$(basename "$f")"
done
printf -- '-s\n7\n-1\n10\n' > fuzz/corpus/switches/seed
printf -- '-x\n2\n-N\nSAK,HQJ\n-1\n5\n' > fuzz/corpus/switches/swap
printf -- '-p\n3\n--board-start\n5\n-1\n1\n-v\n' > fuzz/corpus/switches/produce
# appends: a byte that picks -Z N: (0), -l (1) or -C (2), then the file added to.
{ printf '\000'; cat tests/data/zrd/rpdd_10First.zrd; } > fuzz/corpus/appends/zrd
target/release/dealvm -s 1 -p 3 -l w:/tmp/dealvm-seed.dl52 /dev/null > /dev/null
{ printf '\001'; cat /tmp/dealvm-seed.dl52; } > fuzz/corpus/appends/dl52
printf '\002%s\n' '10,"n AK.Q.J.T"' > fuzz/corpus/appends/csv
# parts: the content of real parts, without the 24-byte header and the 32-byte checksum.
printf 'produce 8\ncondition hcp(north) >= 15\naction printoneline(hcp(north)), csvrpt(hcp(south)), average hcp(south)\n' > /tmp/dealvm-seed.dli
printf 'generate 9000\naction average hcp(north), frequency (hcp(south), 0, 40)\n' > /tmp/dealvm-seed-stats.dli
for run in seed seed-stats; do
  target/release/dealvm -s 1 --shard 0/2 --part /tmp/dealvm-$run.part /tmp/dealvm-$run.dli 2> /dev/null
  size=$(stat -c %s /tmp/dealvm-$run.part)
  tail -c +25 /tmp/dealvm-$run.part | head -c $((size - 24 - 32)) > fuzz/corpus/parts/$run
done
# servers: what a server says, greeting and numbered replies.
printf 'dealvm-usereval 2\n1 5 7\n2 -3\n3 1 2\n4 error no\n' > fuzz/corpus/servers/replies
printf 'dealvm-usereval 2\n1 5 7\n1 5 7\n2 1\n' > fuzz/corpus/servers/twice
# oracle: the generator's choices, one byte each (then a stream seeded by the bytes).
for i in 1 2 3 4 5 6 7 8; do printf '%08d' "$i" > "fuzz/corpus/oracle/choices-$i"; done
