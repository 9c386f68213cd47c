# Reads n and then thinks forever without ever guessing.
import sys

n = int(sys.stdin.readline())
x = 0
while True:
    x = (x * 1103515245 + 12345) % 2147483648
