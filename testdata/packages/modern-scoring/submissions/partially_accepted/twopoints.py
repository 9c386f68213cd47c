# Only looks at the first leg: right when n = 2 (group 1, 40 points),
# wrong on group 2.
import math

n = int(input())
x1, y1 = map(int, input().split())
x2, y2 = map(int, input().split())
print("%.9f" % math.hypot(x2 - x1, y2 - y1))
