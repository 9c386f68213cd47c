# Correct but too slow: for every board it replays all N*N games from scratch,
# recomputing every distance against every opponent cell on every move, and
# never reuses the games between boards of the same size.
import sys


def capacity(n, r, c):
    return 3 - (r in (0, n - 1)) - (c in (0, n - 1))


def valid(n, target):
    if all(v == 0 for row in target for v in row):
        return True
    for fr in range(n):
        for fc in range(n):
            board = [[0] * n for _ in range(n)]
            board[fr][fc] = 1
            if board == target:
                return True
            player = -1
            while True:
                opp = [(r, c) for r in range(n) for c in range(n) if board[r][c] * player < 0]
                best, best_d = None, -1
                for r in range(n):
                    for c in range(n):
                        v = board[r][c] * player
                        if v < 0 or v >= capacity(n, r, c):
                            continue
                        d = min(abs(r - orow) + abs(c - ocol) for orow, ocol in opp)
                        if d > best_d:
                            best, best_d = (r, c), d
                if best is None:
                    break
                board[best[0]][best[1]] += player
                if board == target:
                    return True
                player = -player
    return False


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    pos = 1
    for k in range(1, t + 1):
        n = int(data[pos]); pos += 1
        target = [[int(data[pos + r * n + c]) for c in range(n)] for r in range(n)]
        pos += n * n
        print("Case %d: %s" % (k, "valid" if valid(n, target) else "invalid"))


main()
