#!/usr/bin/env python3
"""Input validator for Tallest Bar: n, then n heights, 1 <= n, h <= 20."""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb"([0-9]+)\n([0-9]+(?: [0-9]+)*)\n", data)
if not m:
    sys.stderr.write("expected a line with n, then a line of heights\n")
    sys.exit(43)
n = int(m.group(1))
heights = [int(h) for h in m.group(2).split()]
if not 1 <= n <= 20 or len(heights) != n or not all(1 <= h <= 20 for h in heights):
    sys.stderr.write("n and every height must be in 1..20, with n heights\n")
    sys.exit(43)
sys.exit(42)
