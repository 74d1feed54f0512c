"""Double-dummy tables and par with DDS called from Python (endplay), for comparisons/endplay.sh.

    python comparisons/par_endplay.py DEALS.pbn THREADS

Reads the deals and dealers of a PBN file, then for each deal solves the whole trick table
(`calc_dd_table`) and the par score at the four vulnerabilities (`par`), on DDS limited to
THREADS threads. Prints the wall and processor seconds of the solving alone (reading the file
and importing endplay left out) and the sum of the par scores, which dealvm's run must match.
"""
import sys
import time

import endplay._dds as _dds
import endplay.dds as dds
from endplay.types import Deal, Player, Vul


def main():
    path, threads = sys.argv[1], int(sys.argv[2])
    with open(path) as f:
        tags = [line.split('"')[:2] for line in f if line.startswith(("[Deal ", "[Dealer "))]
    deals = [Deal(value) for tag, value in tags if tag == "[Deal "]
    dealers = [Player.find(value) for tag, value in tags if tag == "[Dealer "]
    _dds.SetMaxThreads(threads)
    wall, cpu = time.perf_counter(), time.process_time()
    total = 0
    for deal, dealer in zip(deals, dealers):
        table = dds.calc_dd_table(deal)
        for vul in (Vul.none, Vul.ns, Vul.ew, Vul.both):
            total += dds.par(table, vul, dealer).score
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{wall:.4f} {cpu:.4f} {total}")


main()
