"""Tests of the dealvm Python module against the dealvm command.

Run with `python/test.sh`, or after `maturin develop`: `python -m unittest discover python/tests`.
The command's `--json` output is the reference for the statistics: the environment variable
DEALVM names the command, else target/debug/dealvm or target/release/dealvm (whichever is
newer) is taken.
"""

import doctest
import json
import os
import subprocess
import tempfile
import threading
import time
import unittest
import warnings
from pathlib import Path

import dealvm

ROOT = Path(__file__).resolve().parents[2]
SEATS = "NESW"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}

# Every kind of statistics action: an average, frequency and bktfreq tables of one and two
# values, and an evalcontract (double dummy).
STUDY = """\
nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
condition nt
action average "south points" hcp(south),
       average spades(south) + hearts(south),
       frequency "south spades" (spades(south), 1, 6),
       frequency (spades(north), 2, 5, hearts(north), 2, 5),
       bktfreq "NS points" (hcp(north) + hcp(south), 18, 32, 3),
       bktfreq (hcp(south), 0, 15, 5, hcp(east), 4, 14, 2)
"""


def command():
    """The dealvm command the tests compare with."""
    if os.environ.get("DEALVM"):
        return os.environ["DEALVM"]
    built = [ROOT / "target" / profile / "dealvm" for profile in ("debug", "release")]
    built = [p for p in built if p.exists()]
    if not built:
        raise RuntimeError("build the dealvm command first (cargo build), or name it in DEALVM")
    return str(max(built, key=lambda p: p.stat().st_mtime))


def command_json(script_text, *switches):
    """The command's --json document of `script_text` run with `switches`."""
    with tempfile.TemporaryDirectory() as tmp:
        script, report = Path(tmp) / "study.dli", Path(tmp) / "report.json"
        script.write_text(script_text)
        run = subprocess.run([command(), *switches, "--json", str(report), str(script)], capture_output=True, text=True)
        if run.returncode != 0:
            raise AssertionError(f"dealvm failed: {run.stderr}")
        return json.loads(report.read_text())


def hcp(hand):
    """The high-card points of a hand written as PBN writes it."""
    return sum(POINTS.get(card, 0) for card in hand)


def lengths(hand):
    """The suit lengths of a hand written as PBN writes it: spades first."""
    return [len(suit) for suit in hand.split(".")]


def assert_same_figures(test, statistics, reports):
    """Each statistic has the figures of the command's JSON report."""
    test.assertEqual([s.kind for s in statistics], [r["kind"] for r in reports])
    for s, r in zip(statistics, reports):
        if s.kind == "evalcontract":
            test.assertEqual((s.contract, s.side, s.vulnerable, list(s.tricks)), (r["contract"], r["side"], r["vulnerable"], r["tricks"]))
            continue
        test.assertEqual((s.label, s.n), (r["label"], r["n"]))
        if s.kind == "average":
            figures = (s.sum, s.sum_of_squares, s.mean, s.sd, s.standard_error)
            test.assertEqual(figures, (r["sum"], r["sum_of_squares"], r["mean"], r["sd"], r["standard_error"]))
        elif r["dimensions"] == 1:
            bounds = r["bounds"]
            test.assertEqual((s.rows.low, s.rows.high, s.rows.bucket), (bounds["low"], bounds["high"], bounds.get("size")))
            test.assertIsNone(s.columns)
            cells = [r["below"]["count"]] + [c["count"] for c in r["cells"]] + [r["above"]["count"]]
            test.assertEqual(s.counts, cells)
            for cell in r["cells"]:
                for value in range(cell["from"], cell["to"] + 1):
                    test.assertEqual(s.count(value), cell["count"])
            test.assertEqual(s.count(s.rows.low - 1), r["below"]["count"])
        else:
            for axis, bounds in ((s.rows, r["rows"]), (s.columns, r["columns"])):
                test.assertEqual((axis.low, axis.high, axis.bucket), (bounds["low"], bounds["high"], bounds.get("size")))
            test.assertEqual(s.counts, r["counts"])
            test.assertEqual(s.count2(s.rows.low, s.columns.low), r["counts"][1][1])
            test.assertEqual(s.count2(s.rows.low - 1, 10**6), r["counts"][0][-1])


class Statistics(unittest.TestCase):
    def test_the_statistics_are_the_commands(self):
        script = dealvm.Script(STUDY)
        results = script.run(seed=7, generate=30000, keep_deals=False)
        document = command_json(STUDY, "-s", "7", "-g", "30000")
        counts = (results.generated, results.produced, results.seed)
        self.assertEqual(counts, (document["generated"], document["produced"], document["seed"]))
        self.assertGreater(results.produced, 100)
        self.assertEqual(results.deals, [])
        assert_same_figures(self, results.statistics, document["reports"])

    def test_evalcontract_is_the_commands(self):
        text = "condition hcp(north) + hcp(south) >= 25\naction evalcontract (NS, z3N, vul), evalcontract (EW, z2Sx, nv)\nproduce 12\n"
        results = dealvm.Script(text).run(seed=11)
        document = command_json(text, "-s", "11")
        self.assertEqual(results.produced, 12)
        self.assertEqual(sum(results.statistics[0].tricks), 12)
        self.assertEqual([s.contract for s in results.statistics], ["3N", "2Sx"])
        assert_same_figures(self, results.statistics, document["reports"])

    def test_the_threads_do_not_change_the_results(self):
        script = dealvm.Script(STUDY, values=["nt"])
        one = script.run(seed=5, generate=40000, threads=1)
        two = script.run(seed=5, generate=40000, threads=2)
        # By default one thread per core, as the command deals.
        every = script.run(seed=5, generate=40000)
        self.assertEqual((one.generated, one.produced), (two.generated, two.produced))
        self.assertEqual(one.statistics, two.statistics)
        self.assertEqual(one.deals, two.deals)
        self.assertEqual((one.statistics, one.deals), (every.statistics, every.deals))
        self.assertEqual(len(one.deals), one.produced)

    def test_the_seed_repeats_the_run_and_is_given_back(self):
        script = dealvm.Script("condition hcp(north) >= 16\nproduce 20")
        chosen = script.run()
        self.assertNotEqual(chosen.seed, 0)
        again = script.run(seed=chosen.seed)
        self.assertEqual([d.pbn for d in again.deals], [d.pbn for d in chosen.deals])
        other = script.run(seed=chosen.seed + 1)
        self.assertNotEqual([d.pbn for d in other.deals], [d.pbn for d in chosen.deals])


class ProducedDeals(unittest.TestCase):
    def test_the_deals_carry_the_values_asked_for(self):
        text = "points = hcp(north)\nlong = spades(south)\ncondition points >= 12 && long >= 5\nproduce 25"
        script = dealvm.Script(text, values=["points", "long"])
        self.assertEqual(script.values, ["points", "long"])
        results = script.run(seed=3)
        self.assertEqual(len(results.deals), 25)
        for number, deal in enumerate(results.deals, 1):
            self.assertEqual(deal.number, number)
            self.assertEqual(deal.board, number)
            self.assertEqual(list(deal.values), ["points", "long"])
            self.assertEqual(deal.values["points"], hcp(deal.hands["N"]))
            self.assertEqual(deal.values["long"], lengths(deal.hands["S"])[0])
            self.assertGreaterEqual(deal.values["points"], 12)
            self.assertGreaterEqual(deal.values["long"], 5)

    def test_the_pbn_string_holds_the_four_hands(self):
        results = dealvm.Script("produce 10").run(seed=4)
        for deal in results.deals:
            self.assertEqual(deal.pbn, "N:" + " ".join(deal.hands[seat] for seat in SEATS))
            cards = [(suit, rank) for hand in deal.hands.values() for suit, holding in zip("SHDC", hand.split(".")) for rank in holding]
            self.assertEqual(len(cards), 52)
            self.assertEqual(len(set(cards)), 52)
            self.assertEqual([sum(lengths(deal.hands[seat])) for seat in SEATS], [13] * 4)

    def test_predeal_and_script_variables(self):
        text = "condition hcp(north) >= $0\nproduce $1"
        script = dealvm.Script(text, predeal={"S": "SAKQJ,HA", "west": "C2"}, script_vars={0: 14, 1: "6"})
        results = script.run(seed=8)
        self.assertEqual(results.produced, 6)
        for deal in results.deals:
            self.assertTrue(deal.hands["S"].startswith("AKQJ") and ".A" in deal.hands["S"])
            self.assertTrue(deal.hands["W"].endswith("2"))
            self.assertGreaterEqual(hcp(deal.hands["N"]), 14)
        listed = dealvm.Script(text, script_vars=[14, 6]).run(seed=8)
        keyed = dealvm.Script(text, script_vars={1: 6, 0: "14"}).run(seed=8)
        self.assertEqual(listed.produced, 6)
        self.assertEqual(listed.deals, keyed.deals)
        self.assertTrue(all(hcp(deal.hands["N"]) >= 14 for deal in listed.deals))


class Errors(unittest.TestCase):
    def test_an_error_has_its_line_and_column(self):
        with self.assertRaises(dealvm.DealerError) as caught:
            dealvm.Script("produce 10\ncondition hcp(nort) > 10", name="study.dli")
        error = caught.exception
        self.assertIsInstance(error, ValueError)
        self.assertEqual((error.line, error.column), (2, 15))
        self.assertIn("nort", error.message)
        self.assertTrue(str(error).startswith("error: " + error.message))
        self.assertIn("--> study.dli:2:15", str(error))

    def test_the_message_is_the_commands(self):
        text = "condition hcp(north) >>= 20\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bad.dli"
            path.write_text(text)
            run = subprocess.run([command(), str(path)], capture_output=True, text=True)
            with self.assertRaises(dealvm.DealerError) as caught:
                dealvm.Script.open(path)
        self.assertEqual(run.returncode, 2)
        self.assertEqual(str(caught.exception), run.stderr.rstrip("\n"))
        self.assertEqual((caught.exception.line, caught.exception.column), (1, 23))

    def test_errors_of_the_run_and_of_the_arguments(self):
        with self.assertRaises(dealvm.DealerError) as caught:
            dealvm.Script("x = 3 / hcp(north)\ncondition x > 0").run(seed=1, generate=100000)
        self.assertEqual((caught.exception.line, caught.exception.column), (1, 5))
        self.assertIn("division by zero", caught.exception.message)
        with self.assertRaises(dealvm.DealerError) as caught:
            dealvm.Script("produce 1").run(deals=str(ROOT / "no-such-file.pbn"))
        self.assertIsNone(caught.exception.line)
        self.assertIn("cannot read the deals file", caught.exception.message)
        with self.assertRaises(dealvm.DealerError) as caught:
            dealvm.Script("produce 1").run(deals=["N:AKQ.JT9"])
        self.assertTrue(caught.exception.message.startswith("deals[0]: "))
        with self.assertRaises(dealvm.DealerError) as caught:
            dealvm.Script("produce 1", predeal={"N": "SAKQX"})
        self.assertEqual(caught.exception.column, 5)
        with self.assertRaisesRegex(ValueError, "not a seat"):
            dealvm.Script("produce 1", predeal={"X": "SAK"})
        with self.assertRaisesRegex(ValueError, r"\$0 to \$9"):
            dealvm.Script("produce 1", script_vars={10: 1})
        with self.assertRaisesRegex(ValueError, "at least 1"):
            dealvm.Script("produce 1").run(threads=0)


def pbn_file(deals):
    """A PBN file of `deals` (PBN deal strings): boards 11, 12, ... dealt by E, S, ..., the
    deal written from the dealer, all vulnerable."""
    games = []
    for i, deal in enumerate(deals):
        hands = deal[2:].split(" ")
        dealer = SEATS[(i + 1) % 4]
        first = SEATS.index(dealer)
        written = f"{dealer}:" + " ".join(hands[(first + k) % 4] for k in range(4))
        games.append(f'[Event "study"]\n[Board "{11 + i}"]\n[Dealer "{dealer}"]\n[Vulnerable "All"]\n[Deal "{written}"]\n')
    return "\n".join(games)


class DealsFiles(unittest.TestCase):
    def test_a_pbn_file_is_read(self):
        deals = [d.pbn for d in dealvm.Script("produce 30").run(seed=12).deals]
        script_text = "condition hcp(north) >= 11\naction average hcp(north), frequency (spades(south), 0, 13)\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "boards.pbn"
            path.write_text(pbn_file(deals))
            script = dealvm.Script(script_text, values=[])
            results = script.run(deals=path)
            self.assertEqual(script.run(deals=str(path)).deals, results.deals)
            document = command_json(script_text, "--deals", str(path))
        self.assertEqual(results.generated, 30)
        expected = [(i, d) for i, d in enumerate(deals) if hcp(d[2:].split(" ")[0]) >= 11]
        self.assertEqual([d.pbn for d in results.deals], [d for _, d in expected])
        self.assertEqual([d.board for d in results.deals], [11 + i for i, _ in expected])
        self.assertEqual([d.dealer for d in results.deals], [SEATS[(i + 1) % 4] for i, _ in expected])
        self.assertEqual({d.vulnerable for d in results.deals}, {"All"})
        self.assertEqual((results.generated, results.produced), (document["generated"], document["produced"]))
        assert_same_figures(self, results.statistics, document["reports"])

    def test_a_file_without_board_numbers_is_read_from_the_first_board_given(self):
        # Big Deal's BHG file of boards 11 to 20 holds each hand from its board's dealer.
        folder = ROOT / "tests" / "data" / "bigdeal" / "w11"
        script = dealvm.Script("produce 10", values=[])
        numbered = script.run(deals=folder / "range.pbn")
        self.assertEqual([d.board for d in numbered.deals], list(range(11, 21)))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from_eleven = script.run(deals=folder / "range.bhg", first_board=11)
        self.assertEqual(caught, [])
        self.assertEqual([(d.board, d.pbn) for d in from_eleven.deals], [(d.board, d.pbn) for d in numbered.deals])
        with self.assertWarnsRegex(UserWarning, "holds no board numbers: its 10 boards are read as boards 1 to 10"):
            from_one = script.run(deals=folder / "range.bhg")
        self.assertEqual([d.board for d in from_one.deals], list(range(1, 11)))
        self.assertNotEqual([d.pbn for d in from_one.deals], [d.pbn for d in numbered.deals])
        with self.assertRaisesRegex(ValueError, "first_board must be at least 1"):
            script.run(deals=folder / "range.bhg", first_board=0)

    def test_a_list_of_deals_is_read(self):
        first = dealvm.Script("condition hcp(north) >= 12\nproduce 8", values=[]).run(seed=6)
        script = dealvm.Script("points = hcp(north)\naction average points", values=["points"])
        from_strings = script.run(deals=[d.pbn for d in first.deals])
        from_deals = script.run(deals=first.deals)
        self.assertEqual((from_strings.generated, from_strings.produced), (8, 8))
        self.assertEqual([d.pbn for d in from_deals.deals], [d.pbn for d in first.deals])
        self.assertEqual(from_strings.statistics, from_deals.statistics)
        self.assertEqual(from_strings.statistics[0].sum, sum(hcp(d.hands["N"]) for d in first.deals))

    def test_a_bad_pbn_file_is_refused_at_its_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bad.pbn"
            path.write_text('[Event "x"]\n[Board "1"]\n[Deal "N:AKQ.JT9"]\n')
            with self.assertRaises(dealvm.DealerError) as caught:
                dealvm.Script("produce 1").run(deals=path)
        self.assertEqual((caught.exception.line, caught.exception.column), (3, 10))
        self.assertIn(f"--> {path}:3:10", str(caught.exception))


class Threads(unittest.TestCase):
    def test_a_run_lets_other_python_threads_go_on(self):
        script = dealvm.Script("condition hcp(north) >= 10\naction average hcp(south)")
        generate = 100000
        while True:
            begin = time.monotonic()
            script.run(seed=1, generate=generate, keep_deals=False)
            if time.monotonic() - begin > 0.3:
                break
            generate *= 2
        took = []

        def deal():
            begin = time.monotonic()
            script.run(seed=1, generate=generate, keep_deals=False)
            took.append(time.monotonic() - begin)

        worker = threading.Thread(target=deal)
        ticks = [time.monotonic()]
        worker.start()
        while worker.is_alive():
            ticks.append(time.monotonic())
        worker.join()
        longest = max(b - a for a, b in zip(ticks, ticks[1:]))
        self.assertLess(longest, took[0] / 2, "the main thread stood still during the run: the GIL was held")


class Readme(unittest.TestCase):
    def test_the_docstrings_examples_hold(self):
        outcome = doctest.testmod(dealvm, extraglobs={"Script": dealvm.Script})
        self.assertGreaterEqual(outcome.attempted, 5)
        self.assertEqual(outcome.failed, 0)


if __name__ == "__main__":
    unittest.main()
