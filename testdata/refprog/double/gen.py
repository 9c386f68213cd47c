"""Generator: `gen.py SEED SIZE` writes one input, n in 1 .. 10 * SIZE."""
import random
import sys

seed, size = int(sys.argv[1]), int(sys.argv[2])
print(random.Random(seed).randint(1, 10 * size))
