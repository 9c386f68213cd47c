import sys

r, c, *cells = map(int, sys.stdin.read().split())
print(sum(cells))
