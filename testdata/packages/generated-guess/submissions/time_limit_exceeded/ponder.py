# Thinks about n forever, asking nothing.
n = int(input())
x = 0
while True:
    x = (x * 31 + n) % 1000003
