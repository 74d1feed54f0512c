"""Every opening lead of each deal of a PBN file solved by DDS through endplay, for
comparisons/leads.sh.

    python comparisons/leads_endplay.py DEALS.pbn LEADER STRAIN

For each deal, `solve_board` with the leader on lead in the strain (DDS's SolveBoard with all
its solutions: the tricks after each card) on one thread. Prints the wall and processor seconds
of the solving alone (reading the file and importing endplay left out) and, per card, the sum
of the tricks the leader's side takes after it, which dealvm's evalleads must match.
"""
import sys
import time

import endplay._dds as _dds
from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

SUITS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
STRAINS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "N": Denom.nt}


def main():
    path, leader, strain = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(path) as f:
        deals = [Deal(line.split('"')[1]) for line in f if line.startswith("[Deal ")]
    _dds.SetMaxThreads(1)
    wall, cpu = time.perf_counter(), time.process_time()
    totals = {}
    for deal in deals:
        deal.first = Player.find(leader)
        deal.trump = STRAINS[strain]
        for card, tricks in solve_board(deal):
            name = SUITS[card.suit] + card.rank.abbr
            totals[name] = totals.get(name, 0) + tricks
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{wall:.4f} {cpu:.4f} " + " ".join(f"{k}={v}" for k, v in sorted(totals.items())))


main()
