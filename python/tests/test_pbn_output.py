"""A `printpbn` run's standard output is a PBN file, as Dealer's is (`dealer script > x.pbn`):
an independent reader, endplay's PBN parser (from PyPI, installed by python/test.sh), reads
every deal of it, with and without -v, and the statistics reach whoever asks for them (-v:
standard error). The scripts are the PBN-printing ones of tests/data and Debian's example.

Run with `python/test.sh`. DEALVM names the command, as for test_dealvm.py.
"""

import re
import subprocess
import tempfile
import unittest
from pathlib import Path

from endplay.parsers import pbn

from test_dealvm import ROOT, command

DEBIAN_EXAMPLE = Path("/usr/share/doc/dealer/examples/Descr.pbn")


def actions_of(text):
    """The printing actions a script names after its `action` keyword (comments left out)."""
    code = "\n".join(line.split("#", 1)[0] for line in text.split("\n"))
    at = re.search(r"\baction\b", code)
    return set(re.findall(r"\bprint[a-z]*\b", code[at.end():])) if at else set()


def pbn_scripts():
    """The scripts whose only printing action is `printpbn`."""
    found = sorted((ROOT / "tests" / "data").glob("*/*.dli"))
    if DEBIAN_EXAMPLE.exists():
        found.append(DEBIAN_EXAMPLE)
    return [p for p in found if actions_of(p.read_text()) == {"printpbn"}]


def run(*args):
    done = subprocess.run([command(), *args], capture_output=True, text=True, cwd=ROOT, timeout=300)
    if done.returncode != 0:
        raise AssertionError(f"dealvm {' '.join(map(str, args))}: status {done.returncode}\n{done.stderr}")
    return done


def produced(stderr):
    """The deals produced, as the statistics on standard error say."""
    found = re.search(r"^Produced +(\d+) hands$", stderr, re.M)
    if not found:
        raise AssertionError(f"no `Produced` line on standard error:\n{stderr}")
    return int(found.group(1))


class PbnOnStandardOutput(unittest.TestCase):
    def test_the_scripts_are_found(self):
        self.assertGreaterEqual(len(pbn_scripts()), 15)

    def test_every_deal_of_a_printpbn_run_is_read_by_endplay(self):
        for script in pbn_scripts():
            with self.subTest(script=str(script.relative_to(ROOT) if script.is_relative_to(ROOT) else script)):
                plain = run("-s", "7", script)
                verbose = run("-s", "7", "-v", script)
                # The same PBN file either way; -v adds the statistics, on standard error.
                self.assertEqual(plain.stdout, verbose.stdout)
                self.assertNotIn("Produced", plain.stderr)
                count = produced(verbose.stderr)
                boards = pbn.loads(plain.stdout)
                self.assertEqual(len(boards), count)
                # The deals are the run's: those of the PBN board file the same run writes.
                with tempfile.TemporaryDirectory() as folder:
                    path = Path(folder) / "boards.pbn"
                    run("-s", "7", "-q", "--pbn", path, script)
                    written = pbn.loads(path.read_text())
                self.assertEqual([b.deal.to_pbn() for b in boards], [b.deal.to_pbn() for b in written])
                self.assertEqual([b.board_num for b in boards], list(range(1, count + 1)))

    def test_the_reports_beside_printpbn_go_to_standard_error(self):
        script = "produce 5\ncondition hcp(north) >= 15\naction printpbn, average \"north's points\" hcp(north)\n"
        done = subprocess.run([command(), "-s", "3"], input=script, capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(pbn.loads(done.stdout)), 5)
        self.assertIn("north's points", done.stderr)
        self.assertNotIn("north's points", done.stdout)


if __name__ == "__main__":
    unittest.main()
