# "1 divides everything": not a proper divisor.
t = int(input())
for _ in range(t):
    input()
    print(1)
