# WRONG: counts only rows. Every row must hold two stars and no two stars may
# touch, but the column and region counts are never checked.
import sys


def main():
    lines = [l.strip() for l in sys.stdin.read().split("\n") if l.strip()]
    regions = lines[:10]
    grid = lines[10:20]
    stars = [(r, c) for r in range(10) for c in range(10) if grid[r][c] == "*"]
    rows = [0] * 10
    cols = [0] * 10
    regs = {}
    for r, c in stars:
        rows[r] += 1
        cols[c] += 1
        regs[regions[r][c]] = regs.get(regions[r][c], 0) + 1
    region_names = {ch for line in regions for ch in line}
    ok = all(x == 2 for x in rows)
    star_set = set(stars)
    for r, c in stars:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and (r + dr, c + dc) in star_set:
                    ok = False
    print("valid" if ok else "invalid")


main()
