// Slink (ACM ICPC Mid-Central USA 2007, problem C): input validator,
// ICPC/Kattis interface.
//
// Reads the input on stdin; exits 42 when it is valid, 43 with a one-line
// reason naming the line and column on stderr when it is not. Arguments are
// ignored. This is a second implementation of the input rules, written from
// the statement (PROBLEMS.md), independent of the in-crate validator:
//
//   data sets `r c` (each 1..20), then r lines of c digits 0-3 separated by
//   single spaces; the input ends with the line `0 0` and nothing after it
//   (zero data sets is allowed). A size of 0 with the other not 0 is an
//   error.
//
// The statement promises every puzzle has exactly one solution: a single
// closed, non-empty loop along grid edges, every vertex of degree 0 or 2,
// every cell with as many loop edges as its digit. That is checked here by
// counting solutions up to two with a method of its own (see `Counter`).
//
// Layout is strict: LF line ends, a final newline, no blank lines, no tabs or
// other control characters, integers in canonical form.

#include <algorithm>
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


// Counts the loops that fit an r×c grid of digits, up to two.
//
// Every cell has a digit, so the whole edge set follows from the top row of
// horizontal edges: walking down, a cell whose top, left and right edges are
// known forces its bottom edge (digit minus the three, which must be 0 or 1),
// and a vertex whose left, right and upper edges are known forces its lower
// edge (on iff exactly one of the three is on; three on is impossible). So
// the search only branches on the c top edges, left to right; after each
// choice it derives every edge that has become determined (a staircase below
// the chosen prefix) and prunes at the first contradiction. At a leaf, the
// bottom row's vertices must have degree 0 or 2 and the on edges must form
// one non-empty cycle. The grid is transposed first so that the branching
// side is the shorter one.
class Counter {
  public:
    Counter(int rows, int cols, const std::vector<int>& digits) {
        if (cols > rows) {
            r_ = cols;
            c_ = rows;
            d_.assign(r_ * c_, 0);
            for (int i = 0; i < rows; ++i)
                for (int j = 0; j < cols; ++j) d_[j * c_ + i] = digits[i * cols + j];
        } else {
            r_ = rows;
            c_ = cols;
            d_ = digits;
        }
        h_.assign((r_ + 1) * c_, 0);
        v_.assign(r_ * (c_ + 1), 0);
        schedule();
    }

    // 0, 1 or 2 (meaning two or more).
    int count() {
        found_ = 0;
        branch(0);
        return found_;
    }

  private:
    enum Kind { kH, kV, kBottom };
    struct Step {
        Kind kind;
        int i, j;
    };

    int r_, c_;
    std::vector<int> d_;
    std::vector<signed char> h_, v_;  // horizontal (r+1)×c, vertical r×(c+1)
    std::vector<std::vector<Step>> steps_;  // per top edge chosen last
    int found_ = 0;

    int& dh(std::vector<int>& a, int i, int j) { return a[i * c_ + j]; }
    int& dv(std::vector<int>& a, int i, int j) { return a[i * (c_ + 1) + j]; }
    signed char& H(int i, int j) { return h_[i * c_ + j]; }
    signed char& V(int i, int j) { return v_[i * (c_ + 1) + j]; }

    // For each derived edge (and each bottom-row vertex check), the last top
    // edge it depends on; steps are listed in dependency order.
    void schedule() {
        std::vector<int> ready_h((r_ + 1) * c_, 0), ready_v(r_ * (c_ + 1), 0);
        steps_.assign(c_, {});
        for (int j = 0; j < c_; ++j) dh(ready_h, 0, j) = j;
        for (int i = 0; i <= r_; ++i) {
            if (i > 0) {
                for (int j = 0; j < c_; ++j) {
                    int at = std::max(dh(ready_h, i - 1, j),
                                      std::max(dv(ready_v, i - 1, j), dv(ready_v, i - 1, j + 1)));
                    dh(ready_h, i, j) = at;
                    steps_[at].push_back({kH, i, j});
                }
            }
            for (int j = 0; j <= c_; ++j) {
                int at = 0;
                if (j > 0) at = std::max(at, dh(ready_h, i, j - 1));
                if (j < c_) at = std::max(at, dh(ready_h, i, j));
                if (i > 0) at = std::max(at, dv(ready_v, i - 1, j));
                if (i < r_) {
                    dv(ready_v, i, j) = at;
                    steps_[at].push_back({kV, i, j});
                } else {
                    steps_[at].push_back({kBottom, i, j});
                }
            }
        }
    }

    // Derives the edges of `steps`; false on a contradiction.
    bool derive(const std::vector<Step>& steps) {
        for (const Step& s : steps) {
            const int i = s.i, j = s.j;
            if (s.kind == kH) {
                int bottom = d_[(i - 1) * c_ + j] - H(i - 1, j) - V(i - 1, j) - V(i - 1, j + 1);
                if (bottom < 0 || bottom > 1) return false;
                H(i, j) = static_cast<signed char>(bottom);
            } else {
                int degree = 0;
                if (j > 0) degree += H(i, j - 1);
                if (j < c_) degree += H(i, j);
                if (i > 0) degree += V(i - 1, j);
                if (s.kind == kV) {
                    if (degree > 2) return false;
                    V(i, j) = static_cast<signed char>(degree == 1);
                } else if (degree != 0 && degree != 2) {
                    return false;
                }
            }
        }
        return true;
    }

    void branch(int k) {
        for (int on = 0; on <= 1 && found_ < 2; ++on) {
            H(0, k) = static_cast<signed char>(on);
            if (!derive(steps_[k])) continue;
            if (k + 1 < c_) {
                branch(k + 1);
            } else if (single_loop()) {
                ++found_;
            }
        }
    }

    // Every vertex has degree 0 or 2 here; one cycle iff a walk from any
    // vertex of degree 2 reaches every vertex of degree 2.
    bool single_loop() {
        const int w = c_ + 1;
        std::vector<int> degree((r_ + 1) * w, 0);
        int busy = 0, start = -1;
        for (int i = 0; i <= r_; ++i)
            for (int j = 0; j < c_; ++j)
                if (H(i, j)) ++degree[i * w + j], ++degree[i * w + j + 1];
        for (int i = 0; i < r_; ++i)
            for (int j = 0; j <= c_; ++j)
                if (V(i, j)) ++degree[i * w + j], ++degree[(i + 1) * w + j];
        for (int x = 0; x < (r_ + 1) * w; ++x)
            if (degree[x] > 0) {
                ++busy;
                if (start < 0) start = x;
            }
        if (busy == 0) return false;  // the empty edge set is not a loop
        std::vector<char> seen((r_ + 1) * w, 0);
        std::vector<int> stack{start};
        seen[start] = 1;
        int reached = 0;
        while (!stack.empty()) {
            int x = stack.back();
            stack.pop_back();
            ++reached;
            int i = x / w, j = x % w;
            int next[4], n = 0;
            if (j > 0 && H(i, j - 1)) next[n++] = x - 1;
            if (j < c_ && H(i, j)) next[n++] = x + 1;
            if (i > 0 && V(i - 1, j)) next[n++] = x - w;
            if (i < r_ && V(i, j)) next[n++] = x + w;
            for (int k = 0; k < n; ++k)
                if (!seen[next[k]]) {
                    seen[next[k]] = 1;
                    stack.push_back(next[k]);
                }
        }
        return reached == busy;
    }
};

}  // namespace

int main() {
    const std::string data = read_all();
    const std::vector<std::string> lines = split_lines(data);

    size_t at = 0;
    for (long long set = 1;; ++set) {
        const std::string name = "data set " + std::to_string(set);
        const size_t header_line = at + 1;
        Cursor header(line_at(lines, at, name + "'s `r c` or the final `0 0`"), header_line);
        long long r = header.integer(0, 20, "the number of rows r");
        header.space();
        long long c = header.integer(0, 20, "the number of columns c");
        header.end();
        ++at;
        if (r == 0 && c == 0) break;
        if (r == 0 || c == 0)
            reject(header_line, 1, name + ": r and c must both be 1..20, or both 0 to end");
        std::vector<int> digits;
        for (long long i = 1; i <= r; ++i) {
            const std::string what = name + ", row " + std::to_string(i);
            Cursor row(line_at(lines, at, what), at + 1);
            for (long long j = 0; j < c; ++j) {
                if (j > 0) row.space();
                digits.push_back(static_cast<int>(row.integer(0, 3, "a digit 0-3 in " + what)));
            }
            row.end();
            ++at;
        }
        int loops = Counter(static_cast<int>(r), static_cast<int>(c), digits).count();
        if (loops == 0) reject(header_line, 1, name + ": no loop fits these digits (exactly one must)");
        if (loops > 1) reject(header_line, 1, name + ": more than one loop fits these digits (exactly one must)");
    }
    if (at < lines.size()) {
        reject(at + 1, 1, lines[at].empty() ? "blank line after the final `0 0`"
                                            : "unexpected data after the final `0 0`");
    }
    return 42;
}
