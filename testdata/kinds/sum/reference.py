# Reference: Python integers do not overflow.
import sys

numbers = sys.stdin.read().split()
print(sum(map(int, numbers[1:])))
