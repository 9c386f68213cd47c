"""Reference: reads n, prints 2n."""
n = int(input())
print(2 * n)
