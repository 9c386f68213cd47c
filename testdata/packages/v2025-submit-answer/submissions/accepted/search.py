"""A program instead of answers, as the format's own submit-answer
example has: judge runs it on each case as on a plain problem."""
import math

n = int(input())
for a in range(math.isqrt(n) + 1):
    for b in range(a, math.isqrt(n - a * a) + 1):
        c2 = n - a * a - b * b
        if c2 < b * b:
            break
        c = math.isqrt(c2)
        if c * c == c2:
            print(a, b, c)
            raise SystemExit
print("impossible")
