#!/usr/bin/env python3
"""Output validator: input answer feedback_dir < team output.
A right total and largest: accepted, score 1. A right total alone:
accepted with score 0.5 (score.txt). Otherwise wrong answer."""
import os
import sys

ACCEPT, REJECT = 42, 43


def main():
    _, answer_file, feedback = sys.argv[1:4]
    with open(answer_file) as f:
        total, largest = f.read().split()
    team = sys.stdin.read().split()

    def say(name, text):
        with open(os.path.join(feedback, name), "w") as f:
            f.write(text)

    if not team or team[0] != total:
        say("judgemessage.txt", "wrong total\n")
        sys.exit(REJECT)
    score = 1.0 if team[1:] == [largest] else 0.5
    say("score.txt", f"{score}\n")
    sys.exit(ACCEPT)


main()
