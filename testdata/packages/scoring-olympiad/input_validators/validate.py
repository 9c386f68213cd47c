#!/usr/bin/env python3
"""Input validator: N (1..1000, or 1..10 with the flag `small`), then N
integers of absolute value at most 10^6, space separated, one line each.

Every rejection ends with the rule it breaks, `(rule NAME)`: `layout` (not
a line with N, then one line of integers with single spaces), `n-range`,
`value-count` (not N values), `canonical-integer` (a leading zero or -0)
or `a-range`. An accepted input gets `bound NAME VALUE MIN MAX` lines on
stdout (judge's convention; other judges ignore stdout): N, and the
smallest and largest a_i."""
import re
import sys

A_MAX = 10**6
limit = 10 if "small" in sys.argv[1:] else 1000


def fail(why, rule):
    sys.stderr.write(f"{why} (rule {rule})\n")
    sys.exit(43)


text = sys.stdin.read()
m = re.fullmatch(r"([1-9][0-9]*)\n(-?[0-9]+(?: -?[0-9]+)*)\n", text)
if not m:
    fail("expected N, then one line of integers separated by single spaces", "layout")
n = int(m.group(1))
fields = m.group(2).split()
xs = [int(x) for x in fields]
if not 1 <= n <= limit:
    fail(f"N = {n} outside 1..{limit}", "n-range")
if len(xs) != n:
    fail(f"N = {n} with {len(xs)} values", "value-count")
for x in fields:
    if x != "0" and x.lstrip("-").startswith("0"):
        fail(f"{x}: a leading zero or -0", "canonical-integer")
for x in xs:
    if abs(x) > A_MAX:
        fail(f"a_i = {x} outside -10^6..10^6", "a-range")
print(f"bound N {n} 1 {limit}")
print(f"bound a {min(xs)} {-A_MAX} {A_MAX}")
print(f"bound a {max(xs)} {-A_MAX} {A_MAX}")
sys.exit(42)
