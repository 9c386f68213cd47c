# Prints the coins of the greedy payment but forgets the line with their
# number, so the validator reads the first coin as the count.
k, amount = map(int, input().split())
coins = sorted(map(int, input().split()), reverse=True)
paid = []
for c in coins:
    while amount >= c:
        paid.append(c)
        amount -= c
print(*paid)
