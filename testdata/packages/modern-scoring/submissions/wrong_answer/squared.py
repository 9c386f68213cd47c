# Adds up squared leg lengths: wrong everywhere except by coincidence.
n = int(input())
points = [tuple(map(int, input().split())) for _ in range(n)]
total = 0
for (x1, y1), (x2, y2) in zip(points, points[1:]):
    total += (x2 - x1) ** 2 + (y2 - y1) ** 2
print("%.9f" % total)
