#!/usr/bin/env python3
"""Input validator for Digit Sum: one line, integer 1 <= n <= 10^18,
no leading zeros. Exit 42 if valid."""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb'([1-9][0-9]{0,18})\n', data)
if not m or int(m.group(1)) > 10**18:
    sys.exit(43)
sys.exit(42)
