# Atoms (UVa 11606): accepted solution.
#
# Every game is fixed once player one's first cell is chosen, so for each board
# size that occurs we play all N*N games to the end and remember every state
# they pass through (the empty board included). A board is valid iff it is one
# of those states. Cells never change owner (a move only goes where the opponent
# has no atoms), so each player's distance field only needs updating when that
# player claims a new cell.
import sys


def capacities(n):
    cap = []
    for r in range(n):
        for c in range(n):
            edges = (r == 0) + (r == n - 1) + (c == 0) + (c == n - 1)
            cap.append(1 if edges == 2 else 2 if edges == 1 else 3)
    return cap


def reachable_states(n):
    size = n * n
    cap = capacities(n)
    coords = [(i // n, i % n) for i in range(size)]
    far = 4 * n
    states = {tuple([0] * size)}
    for first in range(size):
        board = [0] * size
        # dist[p][i]: Manhattan distance from cell i to the nearest cell of player p
        dist = [[far] * size, [far] * size]

        def claim(p, i):
            ri, ci = coords[i]
            d = dist[p]
            for j in range(size):
                rj, cj = coords[j]
                v = abs(ri - rj) + abs(ci - cj)
                if v < d[j]:
                    d[j] = v

        board[first] = 1
        claim(0, first)
        states.add(tuple(board))
        player = 1  # 0 = player one (+), 1 = player two (-)
        while True:
            sign = 1 if player == 0 else -1
            opp = dist[1 - player]
            best = -1
            best_d = -1
            for i in range(size):
                v = board[i] * sign
                if v < 0 or v >= cap[i]:
                    continue
                if opp[i] > best_d:
                    best_d = opp[i]
                    best = i
            if best < 0:
                break
            if board[best] == 0:
                claim(player, best)
            board[best] += sign
            states.add(tuple(board))
            player = 1 - player
    return states


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    t = int(data[pos]); pos += 1
    cache = {}
    out = []
    for k in range(1, t + 1):
        n = int(data[pos]); pos += 1
        board = tuple(int(x) for x in data[pos:pos + n * n])
        pos += n * n
        if n not in cache:
            cache[n] = reachable_states(n)
        verdict = "valid" if board in cache[n] else "invalid"
        out.append("Case %d: %s" % (k, verdict))
    sys.stdout.write("\n".join(out) + "\n")


main()
