# Passes the first pass with a fixed word but has no way back to the
# number: right only when n happens to be 0.
mode, arg = input().split()
if mode == "encode":
    print("hello")
else:
    print(0)
