"""Finds x in pass 1 but leaves a note that says nothing, so in pass 2
it can only guess the middle: wrong in the second pass (no case hides
the middle number)."""


def main():
    first = input().split()
    if first[0] == "recall":
        print("!", 500, flush=True)
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
    print("note", "x", flush=True)


main()
