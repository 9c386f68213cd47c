# Makes one guess and then fails on purpose.
import sys

n = int(input())
print(n // 2, flush=True)
reply = input()
if reply != "correct":
    sys.exit(3)
