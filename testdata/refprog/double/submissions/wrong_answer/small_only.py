"""Right up to n = 30, one too many above: the committed cases catch it,
and so does stress at sizes above 3."""
n = int(input())
print(2 * n + (n > 30))
