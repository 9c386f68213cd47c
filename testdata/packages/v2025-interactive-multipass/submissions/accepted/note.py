"""Bisects for x, then notes it in base 26 (a = 0) and reads it back."""


def main():
    first = input().split()
    if first[0] == "recall":
        x = 0
        for c in first[1]:
            x = x * 26 + ord(c) - ord("a")
        print("!", x, flush=True)
        return
    lo, hi = 1, int(first[1])
    while True:
        mid = (lo + hi) // 2
        print("?", mid, flush=True)
        said = input().strip()
        if said == "=":
            break
        if said == "<":
            hi = mid - 1
        else:
            lo = mid + 1
    word = ""
    while True:
        word = chr(ord("a") + mid % 26) + word
        mid //= 26
        if mid == 0:
            break
    print("note", word, flush=True)


main()
