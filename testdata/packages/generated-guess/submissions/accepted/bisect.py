# Binary search: at most n.bit_length() questions.
n = int(input())
lo, hi = 1, n
while True:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    said = input()
    if said == "correct":
        break
    if said == "higher":
        lo = mid + 1
    else:
        hi = mid - 1
