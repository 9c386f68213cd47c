"""Random input for `judge stress` / `judge gen`: generator.py SEED SIZE.
Size 1..10 sets how many numbers and how large; primes, squares of primes
and small composites are mixed in on purpose (the usual mistakes)."""
import random
import sys

seed, size = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
top = 10 ** size


def is_prime(n):
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def prime_near(n):
    while not is_prime(n):
        n += 1
    return n


numbers = []
for _ in range(size):
    kind = rng.randrange(3)
    if kind == 0:
        numbers.append(prime_near(rng.randrange(2, top)))
    elif kind == 1:
        p = prime_near(rng.randrange(2, int(top**0.5) + 2))
        numbers.append(p * p)
    else:
        numbers.append(rng.randrange(4, top))
print(len(numbers))
for n in numbers:
    print(n)
