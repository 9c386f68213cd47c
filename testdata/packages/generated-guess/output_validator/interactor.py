"""Interactor for Generated Guess.

    interactor.py input_file answer_file feedback_dir < team_out > team_in

The input file holds "n s". The submission is told n, then each "? x" is
answered "higher", "lower" or "correct"; it has n.bit_length() + 1
questions. Exit 42 when it found s and then wrote nothing more, 43
otherwise, with why in judgemessage.txt.
"""

import os
import sys


def verdict(code, why):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "a") as f:
        f.write(why + "\n")
    sys.exit(code)


def main():
    with open(sys.argv[1]) as f:
        n, secret = map(int, f.read().split())
    try:
        print(n, flush=True)
        for asked in range(1, n.bit_length() + 2):
            words = sys.stdin.readline().split()
            if len(words) != 2 or words[0] != "?" or not words[1].lstrip("-").isdigit():
                verdict(43, f"question {asked}: expected '? x', got {' '.join(words)!r}")
            x = int(words[1])
            if x == secret:
                print("correct", flush=True)
                rest = sys.stdin.read()
                if rest.strip():
                    verdict(43, f"wrote {rest.split()[0]!r} after the number was found")
                verdict(42, f"found {secret} in {asked} questions")
            print("higher" if secret > x else "lower", flush=True)
    except BrokenPipeError:
        verdict(43, "the submission stopped before finding the number")
    verdict(43, f"no more questions: {n.bit_length() + 1} asked without finding {secret}")


main()
