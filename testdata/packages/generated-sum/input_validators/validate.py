import sys
# Two integers 0 <= a, b <= 10^9 on one line; exit 42 accepts, 43 rejects.
try:
    line = sys.stdin.read()
    a, b = map(int, line.split())
    ok = line == f"{a} {b}\n" and 0 <= a <= 10**9 and 0 <= b <= 10**9
except ValueError:
    ok = False
sys.exit(42 if ok else 43)
