# Python 3 with a genuine syntax error: a compile error, not Python 2.
a, b = map(int, input().split())
print(a + b
