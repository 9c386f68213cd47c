# Slink (ACM ICPC Mid-Central USA 2007, problem C) -- accepted solution.
#
# Edge states: None unknown, 0 off, 1 on. Worklist propagation of the cell
# rule (digit = number of loop edges), the vertex rule (degree 0 or 2) and the
# loop rule (an edge joining both ends of one path is off unless it finishes
# the puzzle; a closed cycle turns every other edge off), then depth-first
# branching on the edges leaving a path end.
import sys


class Puzzle:
    def __init__(self, r, c, digits):
        self.r, self.c = r, c
        self.digits = digits
        nh = (r + 1) * c
        self.ne = nh + r * (c + 1)
        self.nv = (r + 1) * (c + 1)
        hedge = lambda i, j: i * c + j
        vedge = lambda i, j: nh + i * (c + 1) + j
        vert = lambda i, j: i * (c + 1) + j
        self.hedge, self.vedge = hedge, vedge
        ends = [None] * self.ne
        for i in range(r + 1):
            for j in range(c):
                ends[hedge(i, j)] = (vert(i, j), vert(i, j + 1))
        for i in range(r):
            for j in range(c + 1):
                ends[vedge(i, j)] = (vert(i, j), vert(i + 1, j))
        self.ends = ends
        vedges = [[] for _ in range(self.nv)]
        for e, (a, b) in enumerate(ends):
            vedges[a].append(e)
            vedges[b].append(e)
        self.vedges = [tuple(x) for x in vedges]
        cedges = []
        ecells = [[] for _ in range(self.ne)]
        for i in range(r):
            for j in range(c):
                k = i * c + j
                es = (hedge(i, j), hedge(i + 1, j), vedge(i, j), vedge(i, j + 1))
                cedges.append(es)
                for e in es:
                    ecells[e].append(k)
        self.cedges = cedges
        self.ecells = [tuple(x) for x in ecells]

    # -- propagation -------------------------------------------------------
    def propagate(self, s, cells, verts):
        """Applies the rules until nothing changes; False on contradiction.
        `cells` and `verts` are the cells and vertices to (re)examine."""
        cedges, vedges, ecells, ends, digits = (
            self.cedges, self.vedges, self.ecells, self.ends, self.digits)
        cq = list(cells)
        vq = list(verts)
        while True:
            while cq or vq:
                while cq:
                    k = cq.pop()
                    on = unk = 0
                    for e in cedges[k]:
                        x = s[e]
                        if x is None:
                            unk += 1
                        elif x:
                            on += 1
                    if not unk:
                        if on != digits[k]:
                            return False
                        continue
                    d = digits[k]
                    if on > d or on + unk < d:
                        return False
                    if on == d:
                        val = 0
                    elif on + unk == d:
                        val = 1
                    else:
                        continue
                    for e in cedges[k]:
                        if s[e] is None:
                            s[e] = val
                            cq.extend(ecells[e])
                            vq.extend(ends[e])
                while vq:
                    v = vq.pop()
                    on = unk = 0
                    last = -1
                    for e in vedges[v]:
                        x = s[e]
                        if x is None:
                            unk += 1
                            last = e
                        elif x:
                            on += 1
                    if on > 2 or (on == 1 and unk == 0):
                        return False
                    if not unk:
                        continue
                    if on == 2:
                        for e in vedges[v]:
                            if s[e] is None:
                                s[e] = 0
                                cq.extend(ecells[e])
                                vq.extend(ends[e])
                    elif unk == 1:
                        # on == 1: the last edge continues the path;
                        # on == 0: a single open edge can never be used.
                        s[last] = on
                        cq.extend(ecells[last])
                        vq.extend(ends[last])
            res = self.loop_rule(s, cq, vq)
            if res is False:
                return False
            if not cq and not vq:
                return True

    def loop_rule(self, s, cq, vq):
        vedges, ends, ecells = self.vedges, self.ends, self.ecells
        deg = [0] * self.nv
        total = 0
        for e in range(self.ne):
            if s[e] == 1:
                total += 1
                a, b = ends[e]
                deg[a] += 1
                deg[b] += 1
        seen = [False] * self.nv
        path_edges = 0
        pairs = []
        for v in range(self.nv):
            if deg[v] != 1 or seen[v]:
                continue
            prev = -1
            w = v
            seen[w] = True
            while True:
                nxt = -1
                for e in vedges[w]:
                    if e != prev and s[e] == 1:
                        nxt = e
                        break
                if nxt < 0:
                    break
                prev = nxt
                a, b = ends[nxt]
                w = b if a == w else a
                seen[w] = True
                path_edges += 1
            pairs.append((v, w))
        if path_edges < total:
            # A closed cycle exists: it must be the only thing on the board.
            if pairs:
                return False
            start = next(ends[e][0] for e in range(self.ne) if s[e] == 1)
            prev, w, length = -1, start, 0
            while True:
                for e in vedges[w]:
                    if e != prev and s[e] == 1:
                        nxt = e
                        break
                prev = nxt
                a, b = ends[nxt]
                w = b if a == w else a
                length += 1
                if w == start:
                    break
            if length != total:
                return False
            for e in range(self.ne):
                if s[e] is None:
                    s[e] = 0
                    cq.extend(ecells[e])
            return True
        for a, b in pairs:
            for e in vedges[a]:
                if s[e] is not None:
                    continue
                x, y = ends[e]
                if (x == a and y == b) or (x == b and y == a):
                    closes = False
                    if len(pairs) == 1:
                        closes = True
                        for k, es in enumerate(self.cedges):
                            cnt = 0
                            for f in es:
                                if f == e or s[f] == 1:
                                    cnt += 1
                            if cnt != self.digits[k]:
                                closes = False
                                break
                    s[e] = 1 if closes else 0
                    cq.extend(ecells[e])
                    vq.extend(ends[e])
        return True

    # -- search ------------------------------------------------------------
    def solve(self, s, cells, verts):
        if not self.propagate(s, cells, verts):
            return None
        vedges = self.vedges
        best, best_unk = -1, 99
        any_unknown = -1
        for v in range(self.nv):
            on = unk = 0
            for e in vedges[v]:
                x = s[e]
                if x is None:
                    unk += 1
                    any_unknown = e
                elif x:
                    on += 1
            if on == 1 and 0 < unk < best_unk:
                best, best_unk = v, unk
        if any_unknown < 0:
            return s if self.valid(s) else None
        if best >= 0:
            for e in vedges[best]:
                if s[e] is None:
                    t = s[:]
                    t[e] = 1
                    got = self.solve(t, self.ecells[e], self.ends[e])
                    if got is not None:
                        return got
            return None
        for val in (1, 0):
            t = s[:]
            t[any_unknown] = val
            got = self.solve(t, self.ecells[any_unknown], self.ends[any_unknown])
            if got is not None:
                return got
        return None

    def valid(self, s):
        ons = [e for e in range(self.ne) if s[e] == 1]
        if not ons:
            return False
        for v in range(self.nv):
            if sum(1 for e in self.vedges[v] if s[e] == 1) not in (0, 2):
                return False
        for k, es in enumerate(self.cedges):
            if sum(1 for e in es if s[e] == 1) != self.digits[k]:
                return False
        start = self.ends[ons[0]][0]
        prev, w, length = -1, start, 0
        while True:
            nxt = next(e for e in self.vedges[w] if e != prev and s[e] == 1)
            prev = nxt
            a, b = self.ends[nxt]
            w = b if a == w else a
            length += 1
            if w == start:
                break
        return length == len(ons)

    def run(self):
        s = [None] * self.ne
        got = self.solve(s, range(self.r * self.c), range(self.nv))
        return got if got is not None else [0] * self.ne

    def render(self, s):
        r, c = self.r, self.c
        hedge, vedge = self.hedge, self.vedge
        width = 4 * c + 5
        lines = ["#" * width, "#" + " " * (width - 2) + "#"]
        for i in range(r + 1):
            body = [" "] * (4 * c + 1)
            for j in range(c + 1):
                left = j > 0 and s[hedge(i, j - 1)] == 1
                right = j < c and s[hedge(i, j)] == 1
                up = i > 0 and s[vedge(i - 1, j)] == 1
                down = i < r and s[vedge(i, j)] == 1
                if left and right:
                    ch = "-"
                elif up and down:
                    ch = "|"
                elif left or right or up or down:
                    ch = "+"
                else:
                    ch = " "
                body[4 * j] = ch
                if right:
                    body[4 * j + 1:4 * j + 4] = "---"
            lines.append("# " + "".join(body) + " #")
            if i == r:
                break
            row = [" "] * (4 * c + 1)
            for j in range(c + 1):
                if s[vedge(i, j)] == 1:
                    row[4 * j] = "|"
                if j < c:
                    row[4 * j + 2] = str(self.digits[i * c + j])
            lines.append("# " + "".join(row) + " #")
        lines.append("#" + " " * (width - 2) + "#")
        lines.append("#" * width)
        return lines


def main():
    data = sys.stdin.read()
    pos = 0
    n = len(data)

    def next_number():
        nonlocal pos
        while pos < n and not data[pos].isdigit():
            pos += 1
        if pos >= n:
            return None
        start = pos
        while pos < n and data[pos].isdigit():
            pos += 1
        return int(data[start:pos])

    def next_digit():
        nonlocal pos
        while pos < n and not data[pos].isdigit():
            pos += 1
        if pos >= n:
            return 0
        pos += 1
        return ord(data[pos - 1]) - 48

    out = []
    k = 0
    while True:
        r = next_number()
        c = next_number()
        if r is None or c is None or (r == 0 and c == 0):
            break
        digits = [next_digit() for _ in range(r * c)]
        p = Puzzle(r, c, digits)
        k += 1
        out.append(str(k))
        out.extend(p.render(p.run()))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


main()
