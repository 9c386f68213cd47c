# Reads factor.txt but never looks at its command line.
import os
import sys

n = int(sys.stdin.read())
k = 1
if os.path.exists("factor.txt"):
    with open("factor.txt") as f:
        k *= int(f.read())
print(n * k)
