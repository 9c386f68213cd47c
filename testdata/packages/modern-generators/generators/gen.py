#!/usr/bin/env python3
"""Generator for Digit Sum; writes one test case input to stdout.

  gen.py DIGITS SEED   random number with exactly DIGITS digits
  gen.py nines DIGITS  DIGITS nines (largest digit sum for that length)
  gen.py largest       10^18, the largest allowed n
"""
import random
import sys


def main(args):
    if args[0] == 'largest':
        print(10**18)
    elif args[0] == 'nines':
        print('9' * int(args[1]))
    else:
        digits, seed = int(args[0]), int(args[1])
        rng = random.Random(seed)
        first = str(rng.randint(1, 9))
        rest = ''.join(str(rng.randint(0, 9)) for _ in range(digits - 1))
        print(first + rest)


main(sys.argv[1:])
