# Output validator (ICPC interface): the numbers are right. Reads the
# tokens, however they are spaced: a and b with 0 <= a <= b, a + b = n.
import sys

n = int(open(sys.argv[1]).read())
feedback = sys.argv[3]


def verdict(code, why):
    with open(feedback + "/judgemessage.txt", "a") as f:
        f.write(why + "\n")
    sys.exit(code)


tokens = sys.stdin.buffer.read().split()
if len(tokens) != 2 or not all(t.isdigit() for t in tokens):
    verdict(43, "halves: expected two non-negative integers")
a, b = map(int, tokens)
if a > b or a + b != n:
    verdict(43, f"halves: {a} and {b} are not two halves of {n}")
verdict(42, "halves: ok")
