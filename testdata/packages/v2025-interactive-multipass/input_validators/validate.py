#!/usr/bin/env python3
"""Input validator for Guess Twice: the first pass's input, one line
"guess n x" with 1 <= x <= n <= 10^6. (The second pass's input is what
the output validator writes to nextpass.in; it is not test data.)"""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb"guess ([1-9][0-9]{0,6}) ([1-9][0-9]{0,6})\n", data)
if not m:
    sys.stderr.write('expected one line "guess n x"\n')
    sys.exit(43)
n, x = int(m.group(1)), int(m.group(2))
if not 1 <= x <= n <= 10**6:
    sys.stderr.write("expected 1 <= x <= n <= 10^6\n")
    sys.exit(43)
sys.exit(42)
