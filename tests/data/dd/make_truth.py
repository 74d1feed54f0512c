#!/usr/bin/env python3
"""Independent truth for dealvm's double-dummy tests, made with endplay (DDS 2.9 in Python).

Writes random_deals.tsv: one random deal per line (seed fixed below), as a PBN deal from North,
then its 20 trick counts (declarer N, E, S, W; strains C, D, H, S, NT within each), then the
par score for North-South at vulnerability none, NS, EW and both (the better for North-South of
North or South bidding first, as DDS's SidesPar gives it).

    pip install endplay && python3 tests/data/dd/make_truth.py 200 > tests/data/dd/random_deals.tsv
    python3 tests/data/dd/make_truth.py 40 freak > tests/data/dd/freak_deals.tsv

With `freak`, the deals are freaks instead, where a solver's shortcuts are most often wrong: on
each, one or two hands of a shape drawn from FREAK_SHAPES (long suits, voids, a whole suit), the
suits in random order, the other hands random.
"""
import random
import sys

from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Denom, Player, Vul

RANKS = "AKQJT98765432"


def random_deal(rng):
    cards = [(s, r) for s in range(4) for r in RANKS]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h:13 * h + 13]
        suits = []
        for s in range(4):  # spades, hearts, diamonds, clubs
            suits.append("".join(r for r in RANKS if (s, r) in mine))
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


FREAK_SHAPES = [
    (13, 0, 0, 0), (10, 3, 0, 0), (9, 4, 0, 0), (8, 5, 0, 0), (7, 6, 0, 0), (8, 4, 1, 0),
    (7, 5, 1, 0), (7, 4, 2, 0), (6, 6, 1, 0), (6, 5, 2, 0), (11, 1, 1, 0), (12, 1, 0, 0),
]


def freak_deal(rng):
    """A deal whose first one or two hands (seats drawn at random) have freak shapes."""
    left = {s: list(RANKS) for s in range(4)}
    for s in left:
        rng.shuffle(left[s])
    hands = [None] * 4
    seats = rng.sample(range(4), rng.choice((1, 2)))
    for seat in seats:
        for _ in range(100):
            shape = list(rng.choice(FREAK_SHAPES))
            rng.shuffle(shape)
            if all(len(left[s]) >= n for s, n in enumerate(shape)):
                break
        else:
            continue
        hands[seat] = [(s, left[s].pop()) for s in range(4) for _ in range(shape[s])]
    rest = [(s, r) for s in range(4) for r in left[s]]
    rng.shuffle(rest)
    for seat in range(4):
        if hands[seat] is None:
            hands[seat], rest = rest[:13], rest[13:]
    text = []
    for mine in hands:
        text.append(".".join("".join(r for r in RANKS if (s, r) in mine) for s in range(4)))
    return "N:" + " ".join(text)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    freak = len(sys.argv) > 2 and sys.argv[2] == "freak"
    rng = random.Random(20261129 if freak else 20261123)
    players = [Player.north, Player.east, Player.south, Player.west]
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    vuls = [Vul.none, Vul.ns, Vul.ew, Vul.both]
    print("# deal\t20 tricks (N E S W x C D H S NT)\tpar NS at none, NS, EW, both")
    for _ in range(count):
        pbn = freak_deal(rng) if freak else random_deal(rng)
        table = calc_dd_table(Deal(pbn))
        tricks = [table[d, p] for p in players for d in denoms]
        scores = []
        for v in vuls:
            by_n = par(table, v, Player.north).score
            by_s = par(table, v, Player.south).score
            scores.append(max(by_n, by_s))
        print(pbn + "\t" + " ".join(map(str, tricks)) + "\t" + " ".join(map(str, scores)))


if __name__ == "__main__":
    main()
