#!/usr/bin/env python3
"""Input validator for Block Staircase.

Accepts (exit 42) exactly one line with an integer 1 <= n <= 10^9, no
leading zeros. The optional arguments "max M" lower the upper bound to M;
data/secret/group1/testdata.yaml uses "max 1000"."""
import re
import sys


def main():
    upper = 10**9
    args = sys.argv[1:]
    while args:
        if len(args) >= 2 and args[0] == 'max' and re.fullmatch(r'[1-9][0-9]{0,9}', args[1]):
            upper = int(args[1])
            args = args[2:]
        else:
            sys.stderr.write('unknown arguments: %r\n' % args)
            sys.exit(1)
    data = sys.stdin.buffer.read()
    m = re.fullmatch(rb'([1-9][0-9]{0,9})\n', data)
    if not m:
        sys.stderr.write('expected one line holding a positive integer\n')
        sys.exit(43)
    n = int(m.group(1))
    if not 1 <= n <= upper:
        sys.stderr.write('n = %d is outside [1, %d]\n' % (n, upper))
        sys.exit(43)
    sys.exit(42)


main()
