"""Right sums, in a program too long for the static validator.

This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
This line only makes the source longer than the 600 bytes allowed.
"""
a, b = map(int, input().split())
print(a + b)
