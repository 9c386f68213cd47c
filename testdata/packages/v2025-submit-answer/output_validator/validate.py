"""Output validator for Three Squares.

    validate.py input_file answer_file feedback_dir < team_output

Any three non-negative integers whose squares sum to n are right; the
word "impossible" is right when the answer file says so too. Exit 42 or
43, with why in judgemessage.txt.
"""

import os
import sys


def verdict(code, why):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "a") as f:
        f.write(why + "\n")
    sys.exit(code)


def main():
    with open(sys.argv[1]) as f:
        n = int(f.read())
    with open(sys.argv[2]) as f:
        possible = f.read().split() != ["impossible"]
    team = sys.stdin.read().split()
    if team == ["impossible"]:
        if possible:
            verdict(43, f"{n} is a sum of three squares")
        verdict(42, "impossible, rightly")
    if len(team) != 3 or not all(t.isdigit() for t in team):
        verdict(43, f"expected three non-negative integers or 'impossible', got {' '.join(team)[:80]!r}")
    a, b, c = map(int, team)
    if a * a + b * b + c * c != n:
        verdict(43, f"{a}^2 + {b}^2 + {c}^2 = {a * a + b * b + c * c}, not {n}")
    verdict(42, "right")


main()
