#!/usr/bin/env python3
"""Input validator: N (1..1000, or 1..10 with the flag `small`), then N
integers of absolute value at most 10^6, space separated, one line each."""
import re
import sys

limit = 10 if "small" in sys.argv[1:] else 1000
text = sys.stdin.read()
m = re.fullmatch(r"([1-9][0-9]*)\n(-?[0-9]+(?: -?[0-9]+)*)\n", text)
if not m:
    sys.exit(43)
n = int(m.group(1))
xs = [int(x) for x in m.group(2).split()]
ok = 1 <= n <= limit and len(xs) == n and all(abs(x) <= 10**6 for x in xs)
ok = ok and all(x == "0" or not x.lstrip("-").startswith("0") for x in m.group(2).split())
sys.exit(42 if ok else 43)
