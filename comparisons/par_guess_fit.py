"""The guess of vm/src/evaluation/par_search.rs: each side's most tricks in a strain (whichever
of its hands declares) as a line in its high-card points and its length in the suit (its
longest suit in notrump), fitted by least squares to the solved deals of
tests/data/dd/random_deals.tsv. Prints the two lines and their mean error once rounded.

    python3 comparisons/par_guess_fit.py
"""
import os

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def solve3(a, b):
    """x with a x = b, a 3x3 (Gaussian elimination)."""
    m = [row[:] + [v] for row, v in zip(a, b)]
    for i in range(3):
        p = max(range(i, 3), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(3):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][3] / m[i][i] for i in range(3)]


def fit(points):
    """Least squares of tricks on (1, points, length)."""
    xtx = [[sum(p[0][i] * p[0][j] for p in points) for j in range(3)] for i in range(3)]
    xty = [sum(p[0][i] * p[1] for p in points) for i in range(3)]
    c = solve3(xtx, xty)
    error = sum(abs(round(sum(a * x for a, x in zip(c, p[0]))) - p[1]) for p in points) / len(points)
    return c, error


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    suits, notrump = [], []
    with open(os.path.join(here, "..", "tests", "data", "dd", "random_deals.tsv")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            deal, counts = line.split("\t")[:2]
            hands = deal[2:].split(" ")  # north, east, south, west; spades first
            t = list(map(int, counts.split()))  # N E S W, each C D H S NT
            for side in (0, 1):
                pair = [hands[side], hands[side + 2]]
                points = sum(HCP.get(c, 0) for h in pair for c in h)
                length = [sum(len(h.split(".")[s]) for h in pair) for s in range(4)]
                for strain in range(5):
                    best = max(t[side * 5 + strain], t[(side + 2) * 5 + strain])
                    if strain < 4:
                        suits.append(((1, points, length[3 - strain]), best))
                    else:
                        notrump.append(((1, points, max(length)), best))
    for name, points in (("suit", suits), ("notrump", notrump)):
        c, error = fit(points)
        print(f"{name}: {c[0]:.2f} + {c[1]:.3f} points + {c[2]:.3f} length, off by {error:.2f} trick on average")


if __name__ == "__main__":
    main()
