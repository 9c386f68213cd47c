// Star Battles I (Kattis starbattles1): input validator, ICPC/Kattis
// interface.
//
// Reads the input on stdin; exits 42 when it is valid, 43 with a one-line
// reason naming the line and column on stderr when it is not. Arguments are
// ignored. This is a second implementation of the input rules, written from
// the statement (PROBLEMS.md), independent of the in-crate validator:
//
//   10 lines of exactly 10 region digits 0-9, then 10 lines of exactly 10
//   characters '.' or '*', and nothing else. The digits must form ten
//   regions: every digit 0-9 names at least one cell, and the cells of each
//   digit are 4-connected. The candidate may break any rule (that is what the
//   answer decides), so its stars are not constrained.
//
// Layout is strict: LF line ends, a final newline, no blank lines, no spaces.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

[[noreturn]] void reject(size_t line, size_t col, const std::string& why) {
    std::fprintf(stderr, "line %zu col %zu: %s\n", line, col, why.c_str());
    std::exit(43);
}

std::string read_all() {
    std::string data;
    static char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) data.append(buf, n);
    return data;
}

// The lines of the file without their '\n'; every byte must be printable
// ASCII or '\n', and the file must end with '\n'.
std::vector<std::string> split_lines(const std::string& data) {
    if (data.empty()) reject(1, 1, "the file is empty");
    std::vector<std::string> lines;
    std::string cur;
    size_t line = 1;
    for (unsigned char ch : data) {
        if (ch == '\n') {
            lines.push_back(cur);
            cur.clear();
            ++line;
            continue;
        }
        size_t col = cur.size() + 1;
        if (ch == '\r') reject(line, col, "a carriage return (line ends must be LF only)");
        if (ch == '\t') reject(line, col, "a tab (fields are separated by one space)");
        if (ch < 0x20 || ch == 0x7f) reject(line, col, "a control character");
        if (ch >= 0x80) reject(line, col, "a byte outside printable ASCII");
        cur.push_back(static_cast<char>(ch));
    }
    if (!cur.empty()) reject(line, cur.size() + 1, "the last line has no final newline");
    return lines;
}

const std::string& line_at(const std::vector<std::string>& lines, size_t index,
                           const std::string& what) {
    if (index >= lines.size()) reject(lines.size() + 1, 1, "expected " + what + ", found the end of the file");
    return lines[index];
}

}  // namespace

int main() {
    const std::string data = read_all();
    const std::vector<std::string> lines = split_lines(data);
    const int size = 10;

    int region[10][10] = {};
    for (int r = 0; r < 2 * size; ++r) {
        const bool regions = r < size;
        const std::string what = regions ? "row " + std::to_string(r + 1) + " of the region grid"
                                         : "row " + std::to_string(r - size + 1) + " of the candidate";
        const std::string& text = line_at(lines, r, what);
        for (size_t c = 0; c < text.size(); ++c) {
            if (c >= static_cast<size_t>(size))
                reject(r + 1, c + 1, what + " is longer than 10 characters");
            char ch = text[c];
            bool ok = regions ? (ch >= '0' && ch <= '9') : (ch == '.' || ch == '*');
            if (!ok)
                reject(r + 1, c + 1,
                       regions ? "expected a region digit 0-9" : "expected '.' or '*'");
            if (regions) region[r][c] = ch - '0';
        }
        if (text.size() < static_cast<size_t>(size))
            reject(r + 1, text.size() + 1,
                   what + " has " + std::to_string(text.size()) + " characters, expected 10");
    }
    if (lines.size() > static_cast<size_t>(2 * size)) {
        reject(2 * size + 1, 1, lines[2 * size].empty() ? "blank line after the candidate"
                                                        : "unexpected data after the candidate");
    }

    // Ten regions: each digit present and 4-connected (flood fill from its
    // first cell must reach all of its cells).
    for (int digit = 0; digit < 10; ++digit) {
        int count = 0, r0 = -1, c0 = -1;
        for (int r = 0; r < size; ++r)
            for (int c = 0; c < size; ++c)
                if (region[r][c] == digit) {
                    if (count++ == 0) r0 = r, c0 = c;
                }
        if (count == 0)
            reject(1, 1, "region " + std::to_string(digit) + " has no cell (there must be ten regions)");
        bool seen[10][10] = {};
        std::vector<std::pair<int, int>> stack{{r0, c0}};
        seen[r0][c0] = true;
        int reached = 0;
        while (!stack.empty()) {
            auto [r, c] = stack.back();
            stack.pop_back();
            ++reached;
            const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
            for (int k = 0; k < 4; ++k) {
                int nr = r + dr[k], nc = c + dc[k];
                if (nr < 0 || nr >= size || nc < 0 || nc >= size) continue;
                if (seen[nr][nc] || region[nr][nc] != digit) continue;
                seen[nr][nc] = true;
                stack.push_back({nr, nc});
            }
        }
        if (reached != count) {
            for (int r = 0; r < size; ++r)
                for (int c = 0; c < size; ++c)
                    if (region[r][c] == digit && !seen[r][c])
                        reject(r + 1, c + 1,
                               "region " + std::to_string(digit) + " is not 4-connected");
        }
    }
    return 42;
}
