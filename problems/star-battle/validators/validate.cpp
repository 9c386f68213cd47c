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
//
// Every rejection ends with "(rule NAME)": the rule of the input format the
// file breaks, named as the in-crate strict validator names it for the same
// fault (crates/star-battle: the shared layout rules and the problem's own),
// so `judge validate` can hold an invalid input to the rule it declares. The
// checks run in the strict validator's order, so a file with two faults is
// rejected for the same one by both.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

[[noreturn]] void reject(size_t line, size_t col, const std::string& why, const char* rule) {
    std::fprintf(stderr, "line %zu col %zu: %s (rule %s)\n", line, col, why.c_str(), rule);
    std::exit(43);
}

std::string read_all() {
    std::string data;
    static char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) data.append(buf, n);
    return data;
}

// The 1-based column, in characters, of byte `at` of `text` (UTF-8: every
// byte that does not continue a character starts one).
size_t col_of(const std::string& text, size_t at) {
    size_t col = 1;
    for (size_t i = 0; i < at; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
    return col;
}

// Where the first byte that is not part of well-formed UTF-8 is (the
// Unicode table of well-formed sequences: no overlong forms, surrogates or
// code points past U+10FFFF), or npos.
size_t utf8_error_at(const std::string& s) {
    size_t i = 0;
    while (i < s.size()) {
        unsigned char b = s[i];
        if (b < 0x80) {
            ++i;
            continue;
        }
        size_t len = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) len = 2;
        else if (b == 0xE0) len = 3, lo = 0xA0;
        else if (b >= 0xE1 && b <= 0xEC) len = 3;
        else if (b == 0xED) len = 3, hi = 0x9F;
        else if (b >= 0xEE && b <= 0xEF) len = 3;
        else if (b == 0xF0) len = 4, lo = 0x90;
        else if (b >= 0xF1 && b <= 0xF3) len = 4;
        else if (b == 0xF4) len = 4, hi = 0x8F;
        else return i;
        if (i + len > s.size()) return i;
        unsigned char second = s[i + 1];
        if (second < lo || second > hi) return i;
        for (size_t k = 2; k < len; ++k) {
            unsigned char more = s[i + k];
            if (more < 0x80 || more > 0xBF) return i;
        }
        i += len;
    }
    return std::string::npos;
}

// The lines of the file without their '\n'. The file must be UTF-8, not
// empty, and end with '\n'; no line may hold a '\r', a tab or another
// control character (C0, DEL or C1). Line by line, as the strict validator
// reads: a last line without its '\n' fails before its characters are seen.
std::vector<std::string> split_lines(const std::string& data) {
    if (data.empty()) reject(1, 1, "the file is empty", "empty-file");
    size_t bad = utf8_error_at(data);
    if (bad != std::string::npos) {
        const std::string valid = data.substr(0, bad);
        size_t nl = valid.rfind('\n');
        size_t line = std::count(valid.begin(), valid.end(), '\n') + 1;
        size_t start = nl == std::string::npos ? 0 : nl + 1;
        reject(line, col_of(valid.substr(start), bad - start), "the file is not valid UTF-8",
               "utf-8");
    }
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < data.size()) {
        size_t line = lines.size() + 1;
        size_t nl = data.find('\n', start);
        if (nl == std::string::npos) {
            const std::string rest = data.substr(start);
            reject(line, col_of(rest, rest.size()), "the last line has no final newline",
                   "final-newline");
        }
        std::string text = data.substr(start, nl - start);
        for (size_t i = 0; i < text.size(); ++i) {
            unsigned char ch = text[i];
            size_t col = col_of(text, i);
            if (ch == '\r') reject(line, col, "a carriage return (line ends must be LF only)", "crlf");
            if (ch == '\t') reject(line, col, "a tab", "tab");
            bool c1 = ch == 0xC2 && i + 1 < text.size() &&
                      static_cast<unsigned char>(text[i + 1]) <= 0x9F;
            if (ch < 0x20 || ch == 0x7f || c1) reject(line, col, "a control character", "control-character");
        }
        lines.push_back(text);
        start = nl + 1;
    }
    return lines;
}

const std::string& line_at(const std::vector<std::string>& lines, size_t index,
                           const std::string& what) {
    if (index >= lines.size())
        reject(lines.size() + 1, 1, "expected " + what + ", found the end of the file", "end-of-file");
    return lines[index];
}

}  // namespace

int main() {
    const std::string data = read_all();
    const std::vector<std::string> lines = split_lines(data);
    const int size = 10;

    // Each row: not blank, no space at either end, a region row not a row
    // of the candidate (the puzzle cut short), every character allowed,
    // then exactly ten of them.
    int region[10][10] = {};
    for (int r = 0; r < 2 * size; ++r) {
        const bool regions = r < size;
        const std::string what = regions ? "row " + std::to_string(r + 1) + " of the region grid"
                                         : "row " + std::to_string(r - size + 1) + " of the candidate";
        const std::string& text = line_at(lines, r, what);
        const size_t line = r + 1;
        if (text.empty()) reject(line, 1, "a blank line where " + what + " belongs", "blank-line");
        if (text.front() == ' ') reject(line, 1, "leading space", "leading-space");
        if (text.back() == ' ') reject(line, col_of(text, text.size() - 1), "trailing space", "trailing-space");
        if (regions && text.find_first_not_of(".*") == std::string::npos)
            reject(line, 1,
                   what + " is a row of the candidate: the region grid seems to have only " +
                       std::to_string(r) + " rows",
                   "region-rows");
        for (size_t c = 0; c < text.size(); ++c) {
            char ch = text[c];
            bool ok = regions ? (ch >= '0' && ch <= '9') : (ch == '.' || ch == '*');
            if (ok) {
                if (regions && c < static_cast<size_t>(size)) region[r][c] = ch - '0';
                continue;
            }
            if (ch == ' ') reject(line, col_of(text, c), "a space between cells", "space-between-cells");
            if (regions) reject(line, col_of(text, c), "expected a region digit 0-9", "region-digit");
            reject(line, col_of(text, c), "expected '.' or '*'", "candidate-character");
        }
        if (text.size() != static_cast<size_t>(size))
            reject(line, std::min(text.size(), static_cast<size_t>(size)) + 1,
                   what + " has " + std::to_string(text.size()) + " characters, expected 10",
                   "row-length");
    }
    if (lines.size() > static_cast<size_t>(2 * size)) {
        if (lines[2 * size].empty()) reject(2 * size + 1, 1, "blank line after the candidate", "blank-line");
        reject(2 * size + 1, 1, "unexpected data after the candidate", "extra-data");
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
            reject(1, 1, "region " + std::to_string(digit) + " has no cell (there must be ten regions)",
                   "ten-regions");
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
                               "region " + std::to_string(digit) + " is not 4-connected",
                               "connected-regions");
        }
    }
    return 42;
}
