import os
import sys

n = int(sys.stdin.read())
k = 1
args = sys.argv[1:]
if "--times" in args:
    k *= int(args[args.index("--times") + 1])
if os.path.exists("factor.txt"):
    with open("factor.txt") as f:
        k *= int(f.read())
print(n * k)
