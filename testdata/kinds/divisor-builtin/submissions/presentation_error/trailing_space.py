# Right answers with a space after each one.
t = int(input())
for _ in range(t):
    n = int(input())
    d = 2
    while d * d <= n and n % d:
        d += 1
    print(d if d * d <= n else "prime", end=" \n")
