import sys

# "n s" with 1 <= s <= n <= 10^9 on one line; exit 42 accepts, 43 rejects.
try:
    line = sys.stdin.read()
    n, s = map(int, line.split())
    ok = line == f"{n} {s}\n" and 1 <= s <= n <= 10**9
except ValueError:
    ok = False
sys.exit(42 if ok else 43)
