#!/usr/bin/env python3
"""Writes stress.tsv: OPC vectors for deals chosen for rare cases, evaluated by DOP.

Run from this folder with J. G. Morse's DOP program unpacked in DOP_DIR (default
/work/ref/dop):  python3 make_stress.py > stress.tsv

Each category below takes random deals (fixed seed) until its quota of deals whose side
meets it; each such side is evaluated with one opener of each kind (the second hand opens:
S or W; the first hand: N or E). DOP's values are written as it prints them, except that a
value below zero is written 0.00, as the shared vectors (dop_random.tsv) have it.
"""
import os
import random
import subprocess
import sys

DOP_DIR = os.environ.get("DOP_DIR", "/work/ref/dop")
RANKS = "AKQJT98765432"
rng = random.Random(15)


def deal():
    cards = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        suits = [[] for _ in range(4)]
        for s, r in sorted(cards[13 * h:13 * h + 13], key=lambda c: c[1]):
            suits[s].append(RANKS[r])
        hands.append(["".join(x) for x in suits])  # spades first
    return hands  # N E S W


def lens(h):
    return [len(s) for s in h]


def has(h, s, cards):
    return all(c in h[s] for c in cards)


def side_ok(first, second, pred):
    return pred(first, second) or pred(second, first)


def fit(a, b):
    return [x + y for x, y in zip(lens(a), lens(b))]


CATEGORIES = [
    ("void", 80, lambda a, b: 0 in lens(a)),
    ("two voids", 20, lambda a, b: 0 in lens(a) and 0 in lens(b)),
    ("suit of 7 or more", 60, lambda a, b: max(lens(a)) >= 7),
    ("suit of 8 or more", 20, lambda a, b: max(lens(a)) >= 8),
    ("5-2 fit", 60, lambda a, b: any(x == 5 and y == 2 for x, y in zip(lens(a), lens(b)))),
    ("other 7-card fit", 40, lambda a, b: any(x + y == 7 and x != 5 and y != 5 for x, y in zip(lens(a), lens(b)))),
    ("4-4 fit, same short suit", 50, lambda a, b: any(x == 4 and y == 4 for x, y in zip(lens(a), lens(b)))
        and min(lens(a)) < 3 and min(lens(b)) < 3 and lens(a).index(min(lens(a))) == lens(b).index(min(lens(b)))),
    ("5-5 fit", 40, lambda a, b: any(x >= 5 and y >= 5 for x, y in zip(lens(a), lens(b)))),
    ("fit of 10 or more", 30, lambda a, b: max(fit(a, b)) >= 10),
    ("misfit", 60, lambda a, b: any(x >= 5 and y <= 2 for x, y in zip(lens(a), lens(b)))),
    ("long suit facing singleton", 30, lambda a, b: any(x >= 7 and y == 1 for x, y in zip(lens(a), lens(b)))),
    ("notrump with two short hands", 50, lambda a, b: min(lens(a)) <= 1 and min(lens(b)) <= 1),
    ("mirror", 40, lambda a, b: sum(x == y for x, y in zip(lens(a), lens(b))) >= 3),
    ("square hand", 30, lambda a, b: sorted(lens(a)) == [3, 3, 3, 4]),
    ("three kings or four queens", 30, lambda a, b: sum("K" in s for s in a) >= 3 or sum("Q" in s for s in a) == 4),
    ("no ace, king or queen", 30, lambda a, b: not any(c in s for s in a for c in "AKQ")),
    ("honours facing shortness", 60, lambda a, b: any(y <= 1 and any(c in x for c in "AKQJ") for x, y in zip(a, lens(b)))),
    ("small cards facing shortness", 40, lambda a, b: any(y <= 1 and len(x) >= 3 and not any(c in x for c in "AKQJ") for x, y in zip(a, lens(b)))),
    ("honour combinations", 60, lambda a, b: any(x in ("KQJT", "AQJT") or "JT9" in x or (len(x) == 2 and x[0] in "AKQJ") for x in a)),
    ("random", 80, lambda a, b: True),
]


def pbn(hand):
    return ".".join(hand)


def dop(first, second, opener):
    arg = lambda h: ".".join(s or "-" for s in h)
    out = subprocess.run(["perl", "-I.", "./dop", "-q", f"-O{opener}", "-W", arg(second), "-E", arg(first)],
                         cwd=DOP_DIR, capture_output=True, text=True).stdout.split()  # -q exits with 1
    assert len(out) == 8, out
    return [f"{max(float(v), 0.0):.2f}" for v in out]


def main():
    print("# deal (N E S W)\tside\topener\tDOP_C\tDOP_D\tDOP_H\tDOP_S\tDOP_NT\tDOP_longest\tQL_suit\tQL_nt\tcategory")
    for name, quota, pred in CATEGORIES:
        found = 0
        while found < quota:
            hands = deal()
            for side, (f, s) in (("NS", (0, 2)), ("EW", (1, 3))):
                if found < quota and side_ok(hands[f], hands[s], pred):
                    found += 1
                    text = "N:" + " ".join(pbn(h) for h in hands)
                    for opener in (rng.choice("SW"), rng.choice("NE")):
                        values = dop(hands[f], hands[s], opener)
                        print("\t".join([text, side, opener] + values + [name]))
        print(f"{name}: {quota}", file=sys.stderr)


if __name__ == "__main__":
    main()
