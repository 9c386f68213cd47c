#!/usr/bin/env python3
"""Input validator for Short Sum: one line "a b", |a|, |b| <= 10^9."""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb"(-?[0-9]{1,10}) (-?[0-9]{1,10})\n", data)
if not m or any(abs(int(g)) > 10**9 for g in m.groups()):
    sys.stderr.write('expected one line "a b" with |a|, |b| <= 10^9\n')
    sys.exit(43)
sys.exit(42)
