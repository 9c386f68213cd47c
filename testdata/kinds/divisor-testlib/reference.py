# Reference: the smallest divisor above 1, or "prime".
import sys

data = sys.stdin.read().split()
out = []
for n in map(int, data[1:]):
    d = 2
    while d * d <= n and n % d:
        d += 1
    out.append(str(d) if d * d <= n else "prime")
print("\n".join(out))
