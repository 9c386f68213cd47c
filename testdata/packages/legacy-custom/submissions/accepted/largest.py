# Searches downwards from n/2, so it prints the pair of primes that are
# closest together -- usually a different answer than smallest.cpp's.
def prime(x):
    if x < 2:
        return False
    d = 2
    while d * d <= x:
        if x % d == 0:
            return False
        d += 1
    return True


n = int(input())
p = n // 2
while not (prime(p) and prime(n - p)):
    p -= 1
print(n - p, p)
