import math

n = int(input())
points = [tuple(map(int, input().split())) for _ in range(n)]
total = sum(math.dist(points[i], points[i + 1]) for i in range(n - 1))
print("%.9f" % total)
