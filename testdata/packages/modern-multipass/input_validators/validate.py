#!/usr/bin/env python3
"""Input validator for Letter Code: the first-pass input, exactly one line
"encode n" with 0 <= n <= 10^9 and no leading zeros. (Second-pass inputs
are written by the output validator and are not test data.)"""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb'encode (0|[1-9][0-9]{0,9})\n', data)
if not m or int(m.group(1)) > 10**9:
    sys.stderr.write('expected one line "encode n" with 0 <= n <= 10^9\n')
    sys.exit(43)
sys.exit(42)
