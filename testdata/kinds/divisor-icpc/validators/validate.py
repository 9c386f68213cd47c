"""Input validator (ICPC: exit 42 valid, 43 invalid): a count T (1..10) on
the first line, then T lines with one integer n, 2 <= n <= 10^10, no
leading zeros, no spaces, a newline after every line."""
import re
import sys

NUMBER = re.compile(r"(0|[1-9][0-9]*)\n")


def fail(why):
    print(why, file=sys.stderr)
    sys.exit(43)


lines = sys.stdin.buffer.read().decode("ascii", "replace").splitlines(keepends=True)
if not lines or not NUMBER.fullmatch(lines[0]):
    fail("line 1: expected the count")
count = int(lines[0])
if not 1 <= count <= 10:
    fail(f"line 1: count {count} outside 1..10")
if len(lines) != count + 1:
    fail(f"expected {count} numbers, found {len(lines) - 1} lines")
for i, line in enumerate(lines[1:], start=2):
    if not NUMBER.fullmatch(line):
        fail(f"line {i}: not a number on its own line")
    if not 2 <= int(line) <= 10**10:
        fail(f"line {i}: {line.strip()} outside 2..10^10")
sys.exit(42)
