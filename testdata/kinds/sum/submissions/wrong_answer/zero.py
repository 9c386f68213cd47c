# Always 0.
print(0)
