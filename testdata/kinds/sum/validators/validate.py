"""Input validator (exit 42 valid): n (1..1000), then n integers a with
|a| <= MAX on one line, single spaces. `--max MAX` comes from the group's
validator_args (1000 for small inputs, 10^9 for large).

Every rejection ends with the rule it breaks, `(rule NAME)`: `layout` (not
a line with n, then one line of integers with single spaces), `n-range`,
`value-count` (not n values), `negative-zero` or `a-range`. An accepted
input gets `bound NAME VALUE MIN MAX` lines on stdout (judge's
convention): n, and the smallest and largest a."""
import re
import sys

N_MIN, N_MAX = 1, 1000
limit = 10**9
if "--max" in sys.argv:
    limit = int(sys.argv[sys.argv.index("--max") + 1])


def fail(why, rule):
    print(f"{why} (rule {rule})", file=sys.stderr)
    sys.exit(43)


text = sys.stdin.buffer.read().decode("ascii", "replace")
match = re.fullmatch(r"([1-9][0-9]*)\n(-?(?:0|[1-9][0-9]*)(?: -?(?:0|[1-9][0-9]*))*)\n", text)
if not match:
    fail("expected n, then one line of integers", "layout")
n = int(match.group(1))
fields = match.group(2).split(" ")
values = [int(v) for v in fields]
if not N_MIN <= n <= N_MAX:
    fail(f"n = {n} outside {N_MIN}..{N_MAX}", "n-range")
if len(values) != n:
    fail(f"n = {n} with {len(values)} values", "value-count")
if "-0" in fields:
    fail("-0 written for 0", "negative-zero")
if any(abs(v) > limit for v in values):
    fail(f"a value outside -{limit}..{limit}", "a-range")
print(f"bound n {n} {N_MIN} {N_MAX}")
print(f"bound a {min(values)} {-limit} {limit}")
print(f"bound a {max(values)} {-limit} {limit}")
sys.exit(42)
