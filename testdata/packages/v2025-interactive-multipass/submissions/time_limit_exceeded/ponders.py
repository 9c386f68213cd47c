"""Finds x in pass 1 and notes it, then in pass 2 ponders the note
forever."""


def main():
    first = input().split()
    if first[0] == "recall":
        n = 0
        while True:
            n += 1
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
    print("note", "a", flush=True)


main()
