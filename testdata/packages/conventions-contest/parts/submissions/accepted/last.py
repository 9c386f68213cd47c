n = int(input())
print(n - 1, 1)
