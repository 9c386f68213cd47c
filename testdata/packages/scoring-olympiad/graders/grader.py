#!/usr/bin/env python3
"""Grades one test data folder: reads "VERDICT SCORE" per item on stdin,
writes one "VERDICT SCORE". Flags (the folder's grader_flags):
  sum | min      how item scores combine (sum unless told)
  weight=N       multiply the combined score by N (a subtask's points)
  first_error    the verdict is the first item's that is not AC
  accept_if_any_accepted   AC as soon as one item is AC
  ignore_sample  keep only the last item (secret, at the root)
Any input it cannot read is a judge error."""
import sys


def main():
    flags = sys.argv[1:]
    combine = sum
    weight = 1.0
    for flag in flags:
        if flag == "min":
            combine = min
        elif flag == "sum":
            combine = sum
        elif flag.startswith("weight="):
            weight = float(flag.split("=", 1)[1])
    items = [line.split() for line in sys.stdin if line.strip()]
    verdicts = [v for v, _ in items]
    scores = [float(s) for _, s in items]
    if "ignore_sample" in flags:
        verdicts, scores = verdicts[-1:], scores[-1:]
    if not scores:
        print("AC 0")
        return
    failed = [v for v in verdicts if v != "AC"]
    verdict = failed[0] if failed else "AC"
    if "accept_if_any_accepted" in flags and "AC" in verdicts:
        verdict = "AC"
    print(f"{verdict} {combine(scores) * weight:f}")


try:
    main()
except Exception:
    print("JE 0")
