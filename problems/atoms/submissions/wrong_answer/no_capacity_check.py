# WRONG: forgets the capacity check. A cell counts as stable as soon as it
# holds no opponent atom, however many atoms it already has, so corners take a
# second atom, border cells a third, and so on. (Since the game would then
# never end, each game is only replayed as far as the boards asked about need.)
import sys


class Game:
    def __init__(self, n, first):
        self.n = n
        size = n * n
        self.board = [0] * size
        self.board[first] = 1
        self.dist = {1: [4 * n] * size, -1: [4 * n] * size}
        self.claim(1, first)
        self.states = [tuple([0] * size), tuple(self.board)]
        self.player = -1

    def claim(self, p, i):
        n = self.n
        r, c = divmod(i, n)
        d = self.dist[p]
        for j in range(n * n):
            v = abs(r - j // n) + abs(c - j % n)
            if v < d[j]:
                d[j] = v

    def state(self, moves):
        while len(self.states) <= moves:
            p = self.player
            opp = self.dist[-p]
            best, best_d = -1, -1
            for i, v in enumerate(self.board):
                if v * p >= 0 and opp[i] > best_d:
                    best, best_d = i, opp[i]
            if self.board[best] == 0:
                self.claim(p, best)
            self.board[best] += p
            self.states.append(tuple(self.board))
            self.player = -p
        return self.states[moves]


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    pos = 1
    games = {}
    for k in range(1, t + 1):
        n = int(data[pos]); pos += 1
        board = tuple(int(x) for x in data[pos:pos + n * n])
        pos += n * n
        moves = sum(abs(v) for v in board)
        if n not in games:
            games[n] = [Game(n, f) for f in range(n * n)]
        ok = any(g.state(moves) == board for g in games[n])
        print("Case %d: %s" % (k, "valid" if ok else "invalid"))


main()
