import sys

n = int(sys.stdin.readline())
lo, hi = 1, n
while lo <= hi:
    mid = (lo + hi) // 2
    print("guess", mid, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "correct":
        break
    if reply == "higher":
        lo = mid + 1
    else:
        hi = mid - 1
