# Hopes that n/2 is prime. True for both samples (5+5, 2+2), false on
# most secret cases.
n = int(input())
print(n // 2, n // 2)
