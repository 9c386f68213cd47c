// Four in a row (SPOJ FOUROW): input validator, ICPC/Kattis interface.
//
// Reads the input on stdin; exits 42 when it is valid, 43 with a one-line
// reason naming the line and column on stderr when it is not. Arguments are
// ignored. This is a second implementation of the input rules, written from
// the statement (PROBLEMS.md), independent of the in-crate validator:
//
//   t (1..99) on its own line, then t lines, the n-th being `Game #n:`
//   followed either by nothing or by one space and 0..42 slot digits 1-7
//   (an empty game may be written `Game #n:` or `Game #n: `).
//
// A game may be invalid (a move after a win, a seventh chip in a slot): that
// is an answer, not a fault of the input. Layout is strict: LF line ends, a
// final newline, no blank lines, no tabs or other control characters, t in
// canonical form, games numbered 1..t in order, nothing after the last game.

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

// A cursor over one line.
struct Cursor {
    const std::string& text;
    size_t line;
    size_t pos = 0;

    Cursor(const std::string& t, size_t l) : text(t), line(l) {}

    [[noreturn]] void fail(const std::string& why) const { reject(line, pos + 1, why); }

    bool at_end() const { return pos >= text.size(); }

    void space() {
        if (at_end()) fail("expected one more field, found the end of the line");
        if (text[pos] != ' ') fail("expected a single space");
        ++pos;
    }

    void end() {
        if (at_end()) return;
        if (text[pos] == ' ') fail("unexpected space (trailing space or too many fields)");
        fail("expected the end of the line");
    }

    // An integer in [lo, hi] in canonical form, followed by a space or the
    // end of the line.
    long long integer(long long lo, long long hi, const std::string& what) {
        size_t start = pos;
        if (text.empty()) fail("unexpected blank line, expected " + what);
        bool negative = false;
        if (pos < text.size() && text[pos] == '-') {
            negative = true;
            ++pos;
        }
        size_t first = pos;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
        size_t digits = pos - first;
        if (digits == 0) {
            pos = start;
            fail("expected " + what + " (an integer)");
        }
        if (pos < text.size() && text[pos] != ' ') fail("unexpected character in " + what);
        size_t after = pos;
        pos = start;
        if (digits > 1 && text[first] == '0') fail(what + " has a leading zero");
        if (negative && digits == 1 && text[first] == '0') fail("\"-0\" is not canonical");
        if (digits > 18) fail(what + " is out of range");
        long long value = 0;
        for (size_t i = first; i < after; ++i) value = value * 10 + (text[i] - '0');
        if (negative) value = -value;
        if (value < lo || value > hi)
            fail(what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                 ", found " + std::to_string(value));
        pos = after;
        return value;
    }
};

const std::string& line_at(const std::vector<std::string>& lines, size_t index,
                           const std::string& what) {
    if (index >= lines.size()) reject(lines.size() + 1, 1, "expected " + what + ", found the end of the file");
    return lines[index];
}

}  // namespace

int main() {
    const std::string data = read_all();
    const std::vector<std::string> lines = split_lines(data);

    long long t;
    {
        Cursor c(line_at(lines, 0, "the number of games t"), 1);
        t = c.integer(1, 99, "the number of games t");
        c.end();
    }
    for (long long n = 1; n <= t; ++n) {
        const std::string& text = line_at(lines, n, "game " + std::to_string(n));
        const std::string prefix = "Game #" + std::to_string(n) + ":";
        for (size_t i = 0; i < prefix.size(); ++i) {
            if (i >= text.size() || text[i] != prefix[i])
                reject(n + 1, i + 1, "expected the line to start with \"" + prefix + "\"");
        }
        size_t pos = prefix.size();
        if (pos == text.size()) continue;  // `Game #n:`, no moves
        if (text[pos] != ' ') reject(n + 1, pos + 1, "expected one space after the colon");
        ++pos;
        const size_t first = pos;
        for (; pos < text.size(); ++pos) {
            if (text[pos] < '1' || text[pos] > '7')
                reject(n + 1, pos + 1, "expected a slot digit 1-7");
            if (pos - first >= 42) reject(n + 1, pos + 1, "more than 42 moves");
        }
    }
    const size_t used = static_cast<size_t>(t) + 1;
    if (lines.size() > used) {
        reject(used + 1, 1, lines[used].empty() ? "blank line after the last game"
                                                : "unexpected data after the last game");
    }
    return 42;
}
