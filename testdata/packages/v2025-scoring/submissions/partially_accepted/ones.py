# Pays everything with coins of value 1: always valid, rarely good.
# Group 1 (min): 40 * min(16/289, 7/7, 26/999) = 1.041...
# Group 2 (sum): 20 * (2/14 + 3/60 + 15/997) = 4.158...
k, amount = map(int, input().split())
input()
print(amount)
print(" ".join(["1"] * amount))
