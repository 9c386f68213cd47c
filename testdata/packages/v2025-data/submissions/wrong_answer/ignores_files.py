# Reads its command line but never looks for factor.txt.
import sys

n = int(sys.stdin.read())
args = sys.argv[1:]
k = int(args[args.index("--times") + 1]) if "--times" in args else 1
print(n * k)
