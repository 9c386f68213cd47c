# Stops one step early (d * d < n): squares of primes come out "prime".
t = int(input())
for _ in range(t):
    n = int(input())
    d = 2
    while d * d < n and n % d:
        d += 1
    print(d if n % d == 0 and d * d < n else "prime")
