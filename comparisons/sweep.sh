#!/usr/bin/env bash
# dealvm's own double-dummy search against DDS on many deals: every count of each deal's
# table, and every opening lead of West against South's notrump, solved by both
# (`dd/examples/against_dds.rs`, one solver each kept from deal to deal as a run's is); stops at
# the first deal where they differ, else prints each set's seconds and tricks played. The deals
# are RANDOM random deals and FREAK freak ones (each hand favouring a suit, cards traded
# towards it: voids, and suits of eight to thirteen cards), from the seed SEED.
#
#   bash comparisons/sweep.sh                          # 1500 random, 500 freak (about 20 minutes)
#   RANDOM_DEALS=100 FREAK_DEALS=50 SEED=7 bash comparisons/sweep.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RANDOM_DEALS=${RANDOM_DEALS:-1500}
FREAK_DEALS=${FREAK_DEALS:-500}
SEED=${SEED:-20261130}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo build --release --quiet -p dealvm-dd --example against_dds
python3 - "$tmp" "$RANDOM_DEALS" "$FREAK_DEALS" "$SEED" <<'EOF'
import random, sys
folder, random_deals, freak_deals, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
ranks = "AKQJT98765432"
deck = [(suit, rank) for suit in range(4) for rank in ranks]

def pbn(hands):
    return "N:" + " ".join(".".join("".join(r for r in ranks if (s, r) in h) for s in range(4)) for h in hands)

def deal():
    cards = deck[:]
    rng.shuffle(cards)
    return [set(cards[13 * i:13 * (i + 1)]) for i in range(4)]

with open(f"{folder}/random.tsv", "w") as out:
    for _ in range(random_deals):
        out.write(pbn(deal()) + "\n")
with open(f"{folder}/freak.tsv", "w") as out:
    for _ in range(freak_deals):
        hands = deal()
        favour = [rng.randrange(4) for _ in range(4)]
        for _ in range(80):
            a = rng.randrange(4)
            b = (a + rng.randrange(1, 4)) % 4
            give = sorted(c for c in hands[a] if c[0] == favour[b])
            take = sorted(c for c in hands[b] if c[0] != favour[b])
            if give and take:
                g, t = rng.choice(give), rng.choice(take)
                hands[a].remove(g); hands[b].remove(t); hands[a].add(t); hands[b].add(g)
        out.write(pbn(hands) + "\n")
EOF
for set in random freak; do
  for kind in tables leads; do
    target/release/examples/against_dds "$tmp/$set.tsv" 1000000 "$kind"
  done
done
