import sys
# Writes its case's files itself, as BAPCtools allows: {name}.in and .ans.
name, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(name + ".in", "w") as f:
    print(a, b, file=f)
with open(name + ".ans", "w") as f:
    print(a + b, file=f)
