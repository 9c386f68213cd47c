# Short and plain, passes static validation, but subtracts.
a, b = map(int, input().split())
print(a - b)
