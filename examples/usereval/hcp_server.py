#!/usr/bin/env python3
"""A tiny usereval server for dealvm (protocol: docs/usereval.md).

Run it with `dealvm -U examples/usereval/hcp_server.py FILE`. It answers one query, tag 1,
with results a user can check against dealvm's own `hcp` and suit lengths:

  usereval(1, NS, idx)          0: the side's HCP, 1: north's (east's for EW),
  usereval(1, EW, idx)          2: south's (west's), 3-6: the side's spades, hearts,
                                diamonds and clubs (both hands together)
  usereval(1, north, idx)       0: the hand's HCP, 1-4: its spades, hearts, diamonds, clubs
  usereval(1, NS, spades, idx)  0: the side's HCP in the suit, 1: north's, 2: south's,
                                3: the side's cards in the suit
  usereval(1, north, spades, idx)  0: the hand's HCP in the suit, 1: its cards in the suit

Any other tag is answered with an `error` line, which stops the run with its message. Each
reply starts with the number of its request (version 2 of the protocol).
"""
import sys

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
SEATS = "NESW"
SUITS = "SHDC"  # the order of a PBN hand


def hands(deal):
    """{seat letter: [spades, hearts, diamonds, clubs] holdings} of a PBN deal `N:...`."""
    first, text = deal.split(":")
    at = SEATS.index(first)
    return {SEATS[(at + i) % 4]: hand.split(".") for i, hand in enumerate(text.split())}


def hcp(holding):
    return sum(HCP.get(card, 0) for card in holding)


def answer(deal, tag, who, suit):
    if tag != "1":
        return "error unknown tag %s (this server knows tag 1)" % tag
    h = hands(deal)
    seats = {"NS": "NS", "EW": "EW"}.get(who, who)
    suits = range(4) if suit == "-" else [SUITS.index(suit)]
    points = [sum(hcp(h[s][i]) for i in suits) for s in seats]
    lengths = [sum(len(h[s][i]) for s in seats) for i in suits]
    values = ([sum(points)] + points if len(seats) == 2 else points) + lengths
    return " ".join(map(str, values))


def main():
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["dealvm-usereval"]:
            print("dealvm-usereval 2", flush=True)  # the greeting, answered with the version
            continue
        # `<number> N:<north> <east> <south> <west> <tag> <who> <suit or ->`; the reply
        # starts with the request's number.
        number, deal, (tag, who, suit) = words[0], " ".join(words[1:5]), words[5:]
        print(number, answer(deal, tag, who, suit), flush=True)


if __name__ == "__main__":
    main()
