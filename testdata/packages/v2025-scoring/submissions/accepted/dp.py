# Same dynamic programme as dp.cpp.
k, amount = map(int, input().split())
coins = list(map(int, input().split()))
INF = float("inf")
best = [0] + [INF] * amount
used = [0] * (amount + 1)
for a in range(1, amount + 1):
    for c in coins:
        if c <= a and best[a - c] + 1 < best[a]:
            best[a] = best[a - c] + 1
            used[a] = c
paid = []
a = amount
while a > 0:
    paid.append(used[a])
    a -= used[a]
print(len(paid))
print(*paid)
