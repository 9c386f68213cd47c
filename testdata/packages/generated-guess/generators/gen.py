import random
import sys

# "n s": a seeded secret s in 1..n, for n given on the command line.
random.seed(int(sys.argv[1]))
n = int(sys.argv[2])
print(n, random.randint(1, n))
