# Counts up from 1: right on the small cases, out of questions on large n.
n = int(input())
for x in range(1, n + 1):
    print("?", x, flush=True)
    if input() == "correct":
        break
