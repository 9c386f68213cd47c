#!/usr/bin/env python3
"""Input validator for Three Squares: one integer 1 <= n <= 10^9."""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb"([1-9][0-9]{0,9})\n", data)
if not m or int(m.group(1)) > 10**9:
    sys.stderr.write("expected one integer 1 <= n <= 10^9\n")
    sys.exit(43)
sys.exit(42)
