"""The Python examples of the documents: every ```python block of README.md and docs/**/*.md runs.

The conventions are those of tests/suite/docs.rs, which runs the documents' commands: a
document's blocks run in order, in a fresh temporary folder of their own holding a copy of
examples/ and tests/data/, which is also its home (HOME, XDG_CONFIG_HOME), with the dealvm
command first on the PATH. A ```dealer block whose
first line names a file (`# study.dli`) is written as that file; a ```sh block (the README's
first, its setup, aside) runs with `bash -e -o pipefail` and must succeed, so that a Python
block may read a file a command wrote; a ```python block runs in a Python of its own (this
one, with the dealvm module) and must succeed; and a ```text block right after it (only blank
lines between) is its exact standard output, each line compared without its trailing spaces.

Run with `python/test.sh`. The environment variable DEALVM names the command, else
target/debug/dealvm or target/release/dealvm (whichever is newer) is taken.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from test_dealvm import ROOT, command


def documents():
    """README.md and the Markdown files under docs/, sorted."""
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def blocks(text):
    """The fenced blocks of a Markdown text: (tag, body, line of the opening fence, whether only
    blank lines part it from the block before)."""
    found, open_block, after_block = [], None, False
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            if open_block is None:
                open_block = [line[3:].strip(), [], number, after_block]
            else:
                tag, body, start, follows = open_block
                found.append((tag, "".join(l + "\n" for l in body), start, follows))
                open_block, after_block = None, True
        elif open_block is not None:
            open_block[1].append(line)
        else:
            after_block = after_block and not line.strip()
    return found


def lines_of(text):
    """A text's lines without their trailing spaces, and without the empty lines at its end."""
    return "\n".join(line.rstrip() for line in text.split("\n")).rstrip()


class Documents(unittest.TestCase):
    def test_every_python_example_runs_and_prints_what_the_document_shows(self):
        ran = 0
        for doc in documents():
            found = blocks(doc.read_text())
            if any(tag == "python" for tag, _, _, _ in found):
                ran += self.run_document(doc, found)
        self.assertGreaterEqual(ran, 5, "the documents show Python examples")

    def run_document(self, doc, found):
        """Runs a document's blocks up to its last Python one; the Python blocks run."""
        name = doc.relative_to(ROOT)
        last = max(i for i, (tag, _, _, _) in enumerate(found) if tag == "python")
        ran = 0
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(ROOT / "examples", Path(tmp) / "examples")
            shutil.copytree(ROOT / "tests" / "data", Path(tmp) / "tests" / "data")
            env = dict(os.environ)
            # The document's own home: `dealvm boards --owner` keeps the owner in the settings
            # folder, which must not be the user's.
            env["HOME"] = tmp
            env["XDG_CONFIG_HOME"] = str(Path(tmp) / ".config")
            env["PATH"] = os.pathsep.join([str(Path(command()).resolve().parent), env.get("PATH", ""), "/usr/games"])
            for i, (tag, body, line, _) in enumerate(found[: last + 1]):
                where = f"{name}:{line}"
                if tag in ("", "dealer"):
                    named = re.fullmatch(r"# ([^/ ]+\.dli)", body.split("\n", 1)[0])
                    if named:
                        (Path(tmp) / named.group(1)).write_text(body)
                    continue
                if tag == "sh" and not (name == Path("README.md") and i == 0):
                    run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", body], cwd=tmp, env=env,
                                         stdin=subprocess.DEVNULL, capture_output=True, text=True)
                    self.assertEqual(run.returncode, 0, f"{where}: `{body.strip()}` failed: {run.stderr}")
                if tag != "python":
                    continue
                with self.subTest(block=where):
                    run = subprocess.run([sys.executable, "-c", body], cwd=tmp, env=env,
                                         stdin=subprocess.DEVNULL, capture_output=True, text=True)
                    self.assertEqual(run.returncode, 0, f"{where}: the example fails:\n{run.stderr}")
                    shown = found[i + 1] if i + 1 < len(found) else None
                    if shown and shown[0] == "text" and shown[3]:
                        self.assertEqual(lines_of(run.stdout), lines_of(shown[1]), f"{where}: the example prints something else")
                    ran += 1
        return ran


if __name__ == "__main__":
    unittest.main()
