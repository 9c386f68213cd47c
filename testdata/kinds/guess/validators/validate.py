"""Input validator (exit 42 valid): one line `N X`, 1 <= X <= N <= 10^9."""
import re
import sys

text = sys.stdin.buffer.read().decode("ascii", "replace")
match = re.fullmatch(r"([1-9][0-9]*) ([1-9][0-9]*)\n", text)
if not match:
    print("expected one line: N X", file=sys.stderr)
    sys.exit(43)
n, x = map(int, match.groups())
if not 1 <= x <= n <= 10**9:
    print(f"need 1 <= X <= N <= 10^9, got N={n} X={x}", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
