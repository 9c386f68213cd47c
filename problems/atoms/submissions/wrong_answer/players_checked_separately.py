# WRONG: forgets that P must equal Q or Q + 1. It checks player one's atoms
# against player one's position after P of its moves and player two's atoms
# against player two's position after Q of its moves, in the same game, but
# never checks that those two moments are the same moment of the game.
import sys


def capacity(n, r, c):
    e = (r in (0, n - 1)) + (c in (0, n - 1))
    return 3 - e


def game(n, first):
    """Positions of each player's atoms after each of its own moves."""
    size = n * n
    cap = [capacity(n, i // n, i % n) for i in range(size)]
    # dist[p][i]: Manhattan distance from cell i to player p's nearest cell;
    # cells never change owner, so it only changes when p claims a cell.
    dist = {1: [4 * n] * size, -1: [4 * n] * size}

    def claim(p, i):
        d = dist[p]
        for j in range(size):
            v = abs(i // n - j // n) + abs(i % n - j % n)
            if v < d[j]:
                d[j] = v

    board = [0] * size
    board[first] = 1
    claim(1, first)
    history = {1: [tuple([0] * size), tuple(board)], -1: [tuple([0] * size)]}
    player = -1
    while True:
        opp = dist[-player]
        best, best_d = -1, -1
        for i in range(size):
            if board[i] * player < 0 or abs(board[i]) >= cap[i]:
                continue
            if opp[i] > best_d:
                best, best_d = i, opp[i]
        if best < 0:
            return history
        if board[best] == 0:
            claim(player, best)
        board[best] += player
        history[player].append(tuple(v if v * player > 0 else 0 for v in board))
        player = -player


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    pos = 1
    games = {}
    for k in range(1, t + 1):
        n = int(data[pos]); pos += 1
        board = [int(x) for x in data[pos:pos + n * n]]
        pos += n * n
        mine = tuple(v if v > 0 else 0 for v in board)
        theirs = tuple(v if v < 0 else 0 for v in board)
        p = sum(mine)
        q = -sum(theirs)
        if n not in games:
            games[n] = [game(n, f) for f in range(n * n)]
        ok = p == 0 and q == 0
        for h in games[n]:
            if ok:
                break
            if p < len(h[1]) and q < len(h[-1]) and h[1][p] == mine and h[-1][q] == theirs:
                ok = True
        print("Case %d: %s" % (k, "valid" if ok else "invalid"))


main()
