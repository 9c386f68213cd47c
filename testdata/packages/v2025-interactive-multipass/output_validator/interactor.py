"""Output validator (interactor) for Guess Twice, both passes.

    interactor.py input_file answer_file feedback_dir < team_out > team_in

Pass 1 (input "guess n x"): answers up to 30 questions "? y" with "<",
">" or "=", then reads "note w" and writes "recall n x w" to
nextpass.in, exit 42. Pass 2 (input "recall n x w"): sends "recall w",
reads "! y", exit 42 if y == x. Every rejection exits 43 with why in
judgemessage.txt (appended to: the folder persists across passes).
"""

import os
import re
import sys

FEEDBACK = sys.argv[3]


def verdict(code, why):
    with open(os.path.join(FEEDBACK, "judgemessage.txt"), "a") as f:
        f.write(why + "\n")
    sys.exit(code)


def line():
    return sys.stdin.readline().split()


def first_pass(n, x):
    print("guess", n, flush=True)
    for asked in range(1, 31):
        words = line()
        if len(words) != 2 or words[0] != "?" or not words[1].isdigit():
            verdict(43, f"pass 1, question {asked}: expected '? y', got {' '.join(words)!r}")
        y = int(words[1])
        if y == x:
            print("=", flush=True)
            words = line()
            if len(words) != 2 or words[0] != "note" or not re.fullmatch(r"[a-z]{1,8}", words[1]):
                verdict(43, f"pass 1: expected 'note w' (1 to 8 letters a-z), got {' '.join(words)!r}")
            with open(os.path.join(FEEDBACK, "nextpass.in"), "w") as f:
                f.write(f"recall {n} {x} {words[1]}\n")
            verdict(42, f"pass 1: found {x} in {asked} questions, note {words[1]}")
        print("<" if x < y else ">", flush=True)
    verdict(43, f"pass 1: 30 questions asked without finding {x}")


def second_pass(x, note):
    print("recall", note, flush=True)
    words = line()
    if len(words) != 2 or words[0] != "!" or not words[1].isdigit():
        verdict(43, f"pass 2: expected '! x', got {' '.join(words)!r}")
    if int(words[1]) != x:
        verdict(43, f"pass 2: guessed {words[1]}, the number was {x}")
    verdict(42, f"pass 2: recalled {x}")


def main():
    with open(sys.argv[1]) as f:
        words = f.read().split()
    try:
        if words[0] == "guess":
            first_pass(int(words[1]), int(words[2]))
        else:
            second_pass(int(words[2]), words[3])
    except BrokenPipeError:
        verdict(43, "the submission stopped before the pass was over")


main()
