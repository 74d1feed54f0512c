"""`evalleads` against DDS as endplay (from PyPI, installed by python/test.sh) runs it: for
random studies, each produced deal's every lead solved by endplay's `solve_board` gives, card
for card, the tricks dealvm counts for the defenders after that lead, and the totals over a
study's deals are the sums of endplay's.

Run with `python/test.sh`.
"""

import random
import unittest

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

import dealvm

SEATS = {"N": ("north", Player.north), "E": ("east", Player.east), "S": ("south", Player.south), "W": ("west", Player.west)}
STRAINS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "N": Denom.nt}
ORDER = "NESW"
SUIT_LETTERS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}


def predeal(cards):
    """A hand as Dealer's predeal writes it: `SKQ2, HJT98, D654, C732` (void suits left out)."""
    ranks = "AKQJT98765432"
    suits = []
    for suit in "SHDC":
        held = sorted((c[1] for c in cards if c[0] == suit), key=ranks.index)
        if held:
            suits.append(suit + "".join(held))
    return ", ".join(suits)


def endplay_leads(pbn, leader, strain):
    """The tricks the side on lead takes after each card the leader may lead, by endplay."""
    deal = Deal(pbn)
    deal.first = SEATS[leader][1]
    deal.trump = STRAINS[strain]
    return {SUIT_LETTERS[card.suit] + card.rank.abbr: tricks for card, tricks in solve_board(deal)}


# Freak shapes for the leader's hand: long suits, voids, a whole suit.
FREAK_SHAPES = [(13, 0, 0, 0), (9, 4, 0, 0), (7, 6, 0, 0), (7, 5, 1, 0), (6, 6, 1, 0), (8, 4, 1, 0)]


def a_study(rng, freak=False):
    """A random study: a leader's hand (of a freak shape, suits in random order, if `freak`),
    a declarer, a contract."""
    declarer = rng.choice(ORDER)
    leader = ORDER[(ORDER.index(declarer) + 1) % 4]
    if freak:
        shape = list(rng.choice(FREAK_SHAPES))
        rng.shuffle(shape)
        hand = [s + r for s, n in zip("SHDC", shape) for r in rng.sample("AKQJT98765432", n)]
    else:
        pack = [s + r for s in "SHDC" for r in "AKQJT98765432"]
        hand = rng.sample(pack, 13)
    strain = rng.choice("CDHSN")
    level = rng.randint(1, 7)
    text = f"predeal {SEATS[leader][0]} {predeal(hand)}\naction evalleads({SEATS[declarer][0]}, z{level}{strain}, {rng.choice(['nv', 'vul'])})\n"
    return text, leader, strain, set(hand)


class Leads(unittest.TestCase):
    def test_every_lead_of_every_deal_is_endplays(self):
        rng = random.Random(2026)
        compared = 0
        for study in range(14):
            # The last four with a freak hand on lead.
            text, leader, strain, hand = a_study(rng, freak=study >= 10)
            script = dealvm.Script(text + "produce 1\n", values=[])
            results = script.run(seed=100 + study)
            [deal] = results.deals
            [leads] = results.statistics
            self.assertEqual(leads.kind, "evalleads")
            # One deal: each lead's counts hold a single 1, at the defenders' tricks.
            got = {card: lead.tricks.index(1) for lead in leads.leads for card in lead.cards}
            expected = endplay_leads(deal.pbn, leader, strain)
            self.assertEqual(set(got), hand, text)
            self.assertEqual(got, expected, f"{text}{deal.pbn}")
            compared += len(got)
        self.assertEqual(compared, 14 * 13)

    def test_a_studys_totals_are_the_sums_of_its_deals(self):
        text = "predeal west SKJ72, HQ83, DJT9, CQ42\ncondition hcp(north) + hcp(south) >= 23\nproduce 12\naction evalleads(south, z4H, vul)\n"
        results = dealvm.Script(text, values=[]).run(seed=7, threads=2)
        [leads] = results.statistics
        totals = {}
        for deal in results.deals:
            for card, tricks in endplay_leads(deal.pbn, "W", "H").items():
                totals[card] = totals.get(card, 0) + tricks
        self.assertEqual(len(results.deals), 12)
        for lead in leads.leads:
            self.assertEqual(sum(lead.tricks), 12)
            for card in lead.cards:
                self.assertEqual(sum(t * n for t, n in enumerate(lead.tricks)), totals[card], card)
            # The estimates are those of the counts.
            self.assertAlmostEqual(lead.mean_tricks, totals[lead.cards[0]] / 12, places=12)
        means = [lead.mean_tricks for lead in leads.leads]
        self.assertEqual(means, sorted(means, reverse=True), "best lead first")


if __name__ == "__main__":
    unittest.main()
