# The larger first: the layout is right (layout.py accepts), the numbers
# are not (halves/ rejects) whenever n is odd.
n = int(input())
print(n - n // 2, n // 2)
