# Correct but too slow: for every board it replays all N*N games from scratch,
# and on every move it measures each candidate cell's distance to the opponent
# with a breadth-first search over the whole board, instead of taking the
# Manhattan distance to a list of opponent cells. It never reuses the games
# between boards of the same size either. Instant on small boards; several
# seconds on files with many 7x7 boards, even under PyPy, so it stays TLE at
# twice a limit computed from the accepted submission, as problemtools does.
import sys
from collections import deque


def capacity(n, r, c):
    return 3 - (r in (0, n - 1)) - (c in (0, n - 1))


def distance_to_opponent(n, board, player, r0, c0):
    """Breadth-first search from (r0, c0) over the whole board; with no
    opponent atom on the board every cell is equally far (infinitely)."""
    dist = [[-1] * n for _ in range(n)]
    dist[r0][c0] = 0
    queue = deque([(r0, c0)])
    while queue:
        r, c = queue.popleft()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < n and 0 <= nc < n and dist[nr][nc] < 0:
                dist[nr][nc] = dist[r][c] + 1
                queue.append((nr, nc))
    found = [dist[r][c] for r in range(n) for c in range(n) if board[r][c] * player < 0]
    return min(found) if found else 4 * n


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
                best, best_d = None, -1
                for r in range(n):
                    for c in range(n):
                        v = board[r][c] * player
                        if v < 0 or v >= capacity(n, r, c):
                            continue
                        d = distance_to_opponent(n, board, player, r, c)
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
