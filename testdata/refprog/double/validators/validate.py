"""Input validator (exit 42 valid): one line holding n, 1 <= n <= 100.
Prints `bound n VALUE 1 100` so `judge validate` can say how far the
cases go towards each end of the range."""
import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"[1-9][0-9]*\n", text):
    print("expected one positive integer on a line", file=sys.stderr)
    sys.exit(43)
n = int(text)
print(f"bound n {n} 1 100")
if not 1 <= n <= 100:
    print(f"n = {n} is outside 1..100", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
