import sys
# Writes its case's files itself, as BAPCtools allows: {name} (which is
# `testcase`) .in and .ans in the folder it runs in.
name, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(name + ".in", "w") as f:
    print(a, b, file=f)
with open(name + ".ans", "w") as f:
    print(a + b, file=f)
