"""Input validator (ICPC: exit 42 valid, 43 invalid): a count T (1..10) on
the first line, then T lines with one integer n, 2 <= n <= 10^10, no
leading zeros, no spaces, a newline after every line.

Every rejection ends with the rule it breaks, `(rule NAME)`: `integer-line`
(a line that is not one canonical integer and its newline), `t-range`,
`line-count` (not T numbers after the count) or `n-range`. An accepted
input gets one `bound NAME VALUE MIN MAX` line per number on stdout
(judge's convention), so `judge validate` sees how far the cases reach."""
import re
import sys

NUMBER = re.compile(r"(0|[1-9][0-9]*)\n")
T_MIN, T_MAX = 1, 10
N_MIN, N_MAX = 2, 10**10


def fail(why, rule):
    print(f"{why} (rule {rule})", file=sys.stderr)
    sys.exit(43)


lines = sys.stdin.buffer.read().decode("ascii", "replace").splitlines(keepends=True)
if not lines or not NUMBER.fullmatch(lines[0]):
    fail("line 1: expected the count", "integer-line")
count = int(lines[0])
if not T_MIN <= count <= T_MAX:
    fail(f"line 1: count {count} outside {T_MIN}..{T_MAX}", "t-range")
if len(lines) != count + 1:
    fail(f"expected {count} numbers, found {len(lines) - 1} lines", "line-count")
bounds = [f"bound T {count} {T_MIN} {T_MAX}"]
for i, line in enumerate(lines[1:], start=2):
    if not NUMBER.fullmatch(line):
        fail(f"line {i}: not a number on its own line", "integer-line")
    n = int(line)
    if not N_MIN <= n <= N_MAX:
        fail(f"line {i}: {n} outside {N_MIN}..10^10", "n-range")
    bounds.append(f"bound n {n} {N_MIN} {N_MAX}")
print("\n".join(bounds))
sys.exit(42)
