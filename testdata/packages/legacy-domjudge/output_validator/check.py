"""Accepts any two positive integers that add up to the input's n."""
import sys


def reject(why):
    with open(sys.argv[3] + "judgemessage.txt", "a") as f:
        f.write(why + "\n")
    sys.exit(43)


with open(sys.argv[1]) as f:
    n = int(f.read().split()[0])
tokens = sys.stdin.read().split()
if len(tokens) != 2:
    reject(f"expected two numbers, got {len(tokens)} tokens")
try:
    a, b = map(int, tokens)
except ValueError:
    reject("not integers")
if a < 1 or b < 1:
    reject("both parts must be positive")
if a + b != n:
    reject(f"{a} + {b} is not {n}")
sys.exit(42)
