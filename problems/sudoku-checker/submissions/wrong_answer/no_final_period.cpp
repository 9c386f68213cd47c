// WRONG ANSWER (models forgetting the final period): prints
// "Case k: Unique" instead of "Case k: Unique." (likewise for the others).
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

int rowUsed[9], colUsed[9], boxUsed[9];
int empties[81];
int emptyCount;
long long solutions;

inline int boxOf(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

inline int candidates(int cell) {
    return 0x1FF & ~(rowUsed[cell / 9] | colUsed[cell % 9] | boxUsed[boxOf(cell)]);
}

// empties[0..filled) are filled; the rest still empty.
void search(int filled) {
    if (filled == emptyCount) {
        ++solutions;
        return;
    }
    int best = filled, bestMask = 0, bestBits = 10;
    for (int k = filled; k < emptyCount; ++k) {
        int mask = candidates(empties[k]);
        int bits = __builtin_popcount(mask);
        if (bits < bestBits) {
            best = k;
            bestMask = mask;
            bestBits = bits;
            if (bits <= 1) break;
        }
    }
    if (bestBits == 0) return;
    int tmp = empties[filled];
    empties[filled] = empties[best];
    empties[best] = tmp;
    int cell = empties[filled];
    int r = cell / 9, c = cell % 9, b = boxOf(cell);
    while (bestMask && solutions < 2) {
        int bit = bestMask & -bestMask;
        bestMask ^= bit;
        rowUsed[r] |= bit;
        colUsed[c] |= bit;
        boxUsed[b] |= bit;
        search(filled + 1);
        rowUsed[r] ^= bit;
        colUsed[c] ^= bit;
        boxUsed[b] ^= bit;
    }
}

const char *classify(const int *grid) {
    std::memset(rowUsed, 0, sizeof rowUsed);
    std::memset(colUsed, 0, sizeof colUsed);
    std::memset(boxUsed, 0, sizeof boxUsed);
    emptyCount = 0;
    for (int cell = 0; cell < 81; ++cell) {
        int d = grid[cell];
        if (d == 0) {
            empties[emptyCount++] = cell;
            continue;
        }
        int bit = 1 << (d - 1);
        int r = cell / 9, c = cell % 9, b = boxOf(cell);
        if ((rowUsed[r] | colUsed[c] | boxUsed[b]) & bit) return "Illegal";
        rowUsed[r] |= bit;
        colUsed[c] |= bit;
        boxUsed[b] |= bit;
    }
    solutions = 0;
    search(0);
    if (solutions == 0) return "Impossible";
    if (solutions == 1) return "Unique";
    return "Ambiguous";
}

}  // namespace

int main() {
    std::vector<char> in;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) in.insert(in.end(), buf, buf + n);

    int grid[81];
    int filledCells = 0, caseNo = 0;
    size_t i = 0;
    while (i < in.size()) {
        char ch = in[i];
        if (ch < '0' || ch > '9') {
            ++i;
            continue;
        }
        int value = 0;
        while (i < in.size() && in[i] >= '0' && in[i] <= '9') value = value * 10 + (in[i++] - '0');
        grid[filledCells++] = value;
        if (filledCells == 81) {
            filledCells = 0;
            std::printf("Case %d: %s\n", ++caseNo, classify(grid));
        }
    }
    return 0;
}
