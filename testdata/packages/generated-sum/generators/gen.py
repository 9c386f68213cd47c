import random, sys
# A seeded pair of numbers, at most the given bound.
random.seed(int(sys.argv[1]))
bound = int(sys.argv[2])
print(random.randint(0, bound), random.randint(0, bound))
