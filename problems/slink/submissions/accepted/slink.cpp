// Slink (ACM ICPC Mid-Central USA 2007, problem C) -- accepted solution.
//
// Edges of the (r+1) x (c+1) vertex grid are unknown / off / on. Propagation:
//   * cell rule: a cell with digit d has exactly d loop edges;
//   * vertex rule: every vertex has degree 0 or 2;
//   * loop rule: an edge that would join the two ends of one path is off,
//     unless closing it finishes the whole puzzle; a closed cycle forces
//     every other edge off.
// When propagation stalls, branch on the edges leaving a path end (depth-first,
// copying the state). The first complete single loop is printed.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
using namespace std;

static int R, C, NE, NV;
static vector<int> digit;            // per cell
static vector<vector<int>> cellE;    // 4 edges per cell
static vector<vector<int>> vertE;    // 2..4 edges per vertex
static vector<int> eA, eB;           // endpoints of each edge
static vector<vector<int>> edgeCells;  // 1..2 cells per edge

enum { UNK = -1, OFF = 0, ON = 1 };

static int hEdge(int i, int j) { return i * C + j; }                    // i in [0,R], j in [0,C)
static int vEdge(int i, int j) { return (R + 1) * C + i * (C + 1) + j; }  // i in [0,R), j in [0,C]
static int vert(int i, int j) { return i * (C + 1) + j; }

static void build() {
    NE = (R + 1) * C + R * (C + 1);
    NV = (R + 1) * (C + 1);
    cellE.assign(R * C, {});
    vertE.assign(NV, {});
    eA.assign(NE, 0);
    eB.assign(NE, 0);
    edgeCells.assign(NE, {});
    for (int i = 0; i <= R; i++)
        for (int j = 0; j < C; j++) {
            int e = hEdge(i, j);
            eA[e] = vert(i, j);
            eB[e] = vert(i, j + 1);
        }
    for (int i = 0; i < R; i++)
        for (int j = 0; j <= C; j++) {
            int e = vEdge(i, j);
            eA[e] = vert(i, j);
            eB[e] = vert(i + 1, j);
        }
    for (int e = 0; e < NE; e++) {
        vertE[eA[e]].push_back(e);
        vertE[eB[e]].push_back(e);
    }
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int k = i * C + j;
            int es[4] = {hEdge(i, j), hEdge(i + 1, j), vEdge(i, j), vEdge(i, j + 1)};
            for (int e : es) {
                cellE[k].push_back(e);
                edgeCells[e].push_back(k);
            }
        }
}

static int other(int e, int v) { return eA[e] == v ? eB[e] : eA[e]; }

// Follows the path from end vertex `start` (degree 1 in on-edges) to its other
// end; returns that end and the number of edges walked.
static int walk(const vector<signed char>& s, int start, int& len, vector<char>& seen) {
    int prevE = -1, v = start;
    len = 0;
    seen[v] = 1;
    while (true) {
        int next = -1;
        for (int e : vertE[v])
            if (s[e] == ON && e != prevE) { next = e; break; }
        if (next < 0) return v;
        prevE = next;
        v = other(next, v);
        seen[v] = 1;
        len++;
    }
}

static bool propagate(vector<signed char>& s) {
    while (true) {
        bool changed = false;
        for (int k = 0; k < R * C; k++) {
            int on = 0, unk = 0;
            for (int e : cellE[k]) {
                if (s[e] == ON) on++;
                else if (s[e] == UNK) unk++;
            }
            int d = digit[k];
            if (on > d || on + unk < d) return false;
            if (unk == 0) continue;
            if (on == d) {
                for (int e : cellE[k]) if (s[e] == UNK) s[e] = OFF;
                changed = true;
            } else if (on + unk == d) {
                for (int e : cellE[k]) if (s[e] == UNK) s[e] = ON;
                changed = true;
            }
        }
        for (int v = 0; v < NV; v++) {
            int on = 0, unk = 0, lastU = -1;
            for (int e : vertE[v]) {
                if (s[e] == ON) on++;
                else if (s[e] == UNK) { unk++; lastU = e; }
            }
            if (on > 2) return false;
            if (on == 1 && unk == 0) return false;
            if (unk == 0) continue;
            if (on == 2) {
                for (int e : vertE[v]) if (s[e] == UNK) s[e] = OFF;
                changed = true;
            } else if (on == 1 && unk == 1) {
                s[lastU] = ON;
                changed = true;
            } else if (on == 0 && unk == 1) {
                s[lastU] = OFF;
                changed = true;
            }
        }
        if (changed) continue;

        // Loop rule.
        int totalOn = 0;
        vector<int> deg(NV, 0);
        for (int e = 0; e < NE; e++)
            if (s[e] == ON) { totalOn++; deg[eA[e]]++; deg[eB[e]]++; }
        vector<char> seen(NV, 0);
        int pathEdges = 0, paths = 0;
        vector<pair<int, int>> ends;
        for (int v = 0; v < NV; v++) {
            if (deg[v] != 1 || seen[v]) continue;
            int len;
            int w = walk(s, v, len, seen);
            pathEdges += len;
            paths++;
            ends.push_back({v, w});
        }
        if (pathEdges < totalOn) {
            // Some on-edges lie on closed cycles: there must be exactly one
            // cycle and nothing else.
            if (paths > 0) return false;
            // Count the cycle containing the first on-edge.
            int start = -1;
            for (int e = 0; e < NE; e++) if (s[e] == ON) { start = eA[e]; break; }
            int len;
            // Walk around the cycle.
            int prevE = -1, v = start;
            len = 0;
            do {
                int next = -1;
                for (int e : vertE[v])
                    if (s[e] == ON && e != prevE) { next = e; break; }
                prevE = next;
                v = other(next, v);
                len++;
            } while (v != start);
            if (len != totalOn) return false;
            for (int e = 0; e < NE; e++)
                if (s[e] == UNK) { s[e] = OFF; changed = true; }
            if (changed) continue;
            return true;
        }
        for (auto& pe : ends) {
            int a = pe.first, b = pe.second;
            for (int e : vertE[a]) {
                if (s[e] != UNK || other(e, a) != b) continue;
                bool closes = false;
                if (paths == 1) {
                    // Closing gives a loop of all on-edges; check the cells.
                    closes = true;
                    for (int k = 0; k < R * C && closes; k++) {
                        int on = 0;
                        for (int f : cellE[k]) if (s[f] == ON || f == e) on++;
                        if (on != digit[k]) closes = false;
                    }
                }
                s[e] = closes ? ON : OFF;
                changed = true;
            }
        }
        if (!changed) return true;
    }
}

static bool complete(const vector<signed char>& s) {
    for (int e = 0; e < NE; e++) if (s[e] == UNK) return false;
    return true;
}

static bool validLoop(const vector<signed char>& s) {
    int totalOn = 0, start = -1;
    for (int e = 0; e < NE; e++) if (s[e] == ON) { totalOn++; if (start < 0) start = eA[e]; }
    if (totalOn == 0) return false;
    for (int v = 0; v < NV; v++) {
        int d = 0;
        for (int e : vertE[v]) if (s[e] == ON) d++;
        if (d != 0 && d != 2) return false;
    }
    for (int k = 0; k < R * C; k++) {
        int on = 0;
        for (int e : cellE[k]) if (s[e] == ON) on++;
        if (on != digit[k]) return false;
    }
    int prevE = -1, v = start, len = 0;
    do {
        int next = -1;
        for (int e : vertE[v])
            if (s[e] == ON && e != prevE) { next = e; break; }
        prevE = next;
        v = other(next, v);
        len++;
    } while (v != start);
    return len == totalOn;
}

static bool solve(vector<signed char>& s) {
    if (!propagate(s)) return false;
    if (complete(s)) return validLoop(s);
    // Branch at the path end with fewest open choices.
    int best = -1, bestU = 99;
    for (int v = 0; v < NV; v++) {
        int on = 0, unk = 0;
        for (int e : vertE[v]) {
            if (s[e] == ON) on++;
            else if (s[e] == UNK) unk++;
        }
        if (on == 1 && unk > 0 && unk < bestU) { bestU = unk; best = v; }
    }
    if (best >= 0) {
        for (int e : vertE[best]) {
            if (s[e] != UNK) continue;
            vector<signed char> t = s;
            t[e] = ON;
            if (solve(t)) { s = t; return true; }
        }
        return false;
    }
    // No path yet: branch on an unknown edge next to the most constrained cell.
    int pick = -1;
    for (int e = 0; e < NE && pick < 0; e++) if (s[e] == UNK) pick = e;
    for (int val : {ON, OFF}) {
        vector<signed char> t = s;
        t[pick] = val;
        if (solve(t)) { s = t; return true; }
    }
    return false;
}

static int readInt(bool& ok) {
    int ch = getchar();
    while (ch != EOF && (ch < '0' || ch > '9') && ch != '-') ch = getchar();
    if (ch == EOF) { ok = false; return 0; }
    int x = 0;
    while (ch >= '0' && ch <= '9') { x = x * 10 + (ch - '0'); ch = getchar(); }
    return x;
}

static int readDigit() {
    int ch = getchar();
    while (ch != EOF && (ch < '0' || ch > '9')) ch = getchar();
    return ch == EOF ? 0 : ch - '0';
}

int main() {
    int caseNo = 0;
    string out;
    while (true) {
        bool ok = true;
        R = readInt(ok);
        C = readInt(ok);
        if (!ok || (R == 0 && C == 0)) break;
        digit.assign(R * C, 0);
        for (int k = 0; k < R * C; k++) digit[k] = readDigit();
        build();
        vector<signed char> s(NE, UNK);
        solve(s);

        caseNo++;
        int W = 4 * C + 5;
        out += to_string(caseNo) + "\n";
        out += string(W, '#') + "\n";
        out += "#" + string(W - 2, ' ') + "#\n";
        for (int i = 0; i <= R; i++) {
            string body(4 * C + 1, ' ');
            for (int j = 0; j <= C; j++) {
                bool left = j > 0 && s[hEdge(i, j - 1)] == ON;
                bool right = j < C && s[hEdge(i, j)] == ON;
                bool up = i > 0 && s[vEdge(i - 1, j)] == ON;
                bool down = i < R && s[vEdge(i, j)] == ON;
                char ch = ' ';
                if (left && right) ch = '-';
                else if (up && down) ch = '|';
                else if (left || right || up || down) ch = '+';
                body[4 * j] = ch;
                if (right) body[4 * j + 1] = body[4 * j + 2] = body[4 * j + 3] = '-';
            }
            out += "# " + body + " #\n";
            if (i == R) break;
            string row(4 * C + 1, ' ');
            for (int j = 0; j <= C; j++) {
                if (s[vEdge(i, j)] == ON) row[4 * j] = '|';
                if (j < C) row[4 * j + 2] = char('0' + digit[i * C + j]);
            }
            out += "# " + row + " #\n";
        }
        out += "#" + string(W - 2, ' ') + "#\n";
        out += string(W, '#') + "\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
