#!/usr/bin/env python3
"""Independent truth for dealvm's double-dummy tests, made with endplay (DDS 2.9 in Python).

Writes random_deals.tsv: one random deal per line (seed fixed below), as a PBN deal from North,
then its 20 trick counts (declarer N, E, S, W; strains C, D, H, S, NT within each), then the
par score for North-South at vulnerability none, NS, EW and both (the better for North-South of
North or South bidding first, as DDS's SidesPar gives it).

    pip install endplay && python3 tests/data/dd/make_truth.py 200 > tests/data/dd/random_deals.tsv
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


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(20261123)
    players = [Player.north, Player.east, Player.south, Player.west]
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    vuls = [Vul.none, Vul.ns, Vul.ew, Vul.both]
    print("# deal\t20 tricks (N E S W x C D H S NT)\tpar NS at none, NS, EW, both")
    for _ in range(count):
        pbn = random_deal(rng)
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
