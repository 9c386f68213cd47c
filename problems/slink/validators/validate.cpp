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
//
// Every reason ends with ` (rule NAME)`, the rule of the input format the
// file breaks, named as the in-crate validator names it (`trailing-space`,
// `r-range`, `no-solution`, ...): `judge validate` holds each invalid input
// to the rule it declares, and a file is rejected for its rule only when
// every validator names that rule. So that a file with one fault gets the
// same name from both, the faults are looked for in the same order: the
// whole file's bytes (empty, UTF-8), then line by line the characters, the
// final newline, the spacing of a line, its number of fields, each field's
// form and range, what follows the final `0 0`, and only when all of that
// holds, the loops of each puzzle.

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

// Columns count characters, not bytes: the 1-based column of byte `at` of
// a line that is UTF-8.
size_t column(const std::string& text, size_t at) {
    size_t col = 1;
    for (size_t i = 0; i < at && i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
    return col;
}

// The length of the UTF-8 sequence starting at `i`, or 0 when the bytes
// there are not one (overlong forms, surrogates and code points above
// U+10FFFF are not).
size_t utf8_length(const std::string& s, size_t i) {
    auto byte = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    auto tail = [&](size_t k, unsigned lo, unsigned hi) { return byte(k) >= lo && byte(k) <= hi; };
    unsigned b = byte(i);
    if (b < 0x80) return 1;
    if (b >= 0xC2 && b <= 0xDF) return tail(i + 1, 0x80, 0xBF) ? 2 : 0;
    if (b >= 0xE0 && b <= 0xEF) {
        unsigned lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
        return tail(i + 1, lo, hi) && tail(i + 2, 0x80, 0xBF) ? 3 : 0;
    }
    if (b >= 0xF0 && b <= 0xF4) {
        unsigned lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
        return tail(i + 1, lo, hi) && tail(i + 2, 0x80, 0xBF) && tail(i + 3, 0x80, 0xBF) ? 4 : 0;
    }
    return 0;
}

// The lines of the file without their '\n'. The file must not be empty,
// must be UTF-8 and must end with '\n'; no line may hold a carriage
// return, a tab or another control character (C0, DEL or C1).
std::vector<std::string> split_lines(const std::string& data) {
    if (data.empty()) reject(1, 1, "the file is empty", "empty-file");
    size_t line = 1, start = 0;
    for (size_t i = 0; i < data.size();) {
        size_t n = utf8_length(data, i);
        if (n == 0) {
            reject(line, column(data.substr(start), i - start), "the file is not valid UTF-8 text",
                   "utf-8");
        }
        if (data[i] == '\n') ++line, start = i + 1;
        i += n;
    }
    std::vector<std::string> lines;
    for (size_t at = 0; at < data.size();) {
        size_t end = data.find('\n', at);
        if (end == std::string::npos) {
            std::string last = data.substr(at);
            reject(lines.size() + 1, column(last, last.size()), "the last line has no final newline",
                   "final-newline");
        }
        std::string text = data.substr(at, end - at);
        for (size_t i = 0; i < text.size(); i += utf8_length(text, i)) {
            unsigned b = static_cast<unsigned char>(text[i]);
            unsigned next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
            size_t row = lines.size() + 1, col = column(text, i);
            if (b == '\r') reject(row, col, "a carriage return (line ends must be LF only)", "crlf");
            if (b == '\t') reject(row, col, "a tab (fields are separated by one space)", "tab");
            bool c1 = b == 0xC2 && next >= 0x80 && next <= 0x9F;
            if (b < 0x20 || b == 0x7f || c1) reject(row, col, "a control character", "control-character");
        }
        lines.push_back(text);
        at = end + 1;
    }
    return lines;
}

// One field of a line and the column it starts at.
struct Field {
    std::string text;
    size_t col;
};

// The fields of line `number`, separated by single spaces with none at
// either end; exactly `count` of them, else the fault is the line's.
std::vector<Field> fields(const std::string& text, size_t number, size_t count,
                          const std::string& what) {
    if (text.empty()) reject(number, 1, "unexpected blank line, expected " + what, "blank-line");
    if (text.front() == ' ') reject(number, 1, "a space at the start of the line", "leading-space");
    if (text.back() == ' ')
        reject(number, column(text, text.size() - 1), "a space at the end of the line",
               "trailing-space");
    std::vector<Field> out;
    for (size_t at = 0;;) {
        size_t end = std::min(text.find(' ', at), text.size());
        if (end == at) reject(number, column(text, at), "two spaces in a row", "double-space");
        out.push_back({text.substr(at, end - at), column(text, at)});
        if (end == text.size()) break;
        at = end + 1;
    }
    if (out.size() != count) {
        size_t col = out.size() > count ? out[count].col : column(text, text.size());
        reject(number, col,
               "expected " + std::to_string(count) + " " + what + ", found " +
                   std::to_string(out.size()),
               "field-count");
    }
    return out;
}

// The value of an integer field: an optional sign, then decimal digits,
// within 64 bits (else the field is no integer at all). Its canonical form
// (no `+`, no leading zero, no `-0`) is checked by the caller, after the
// range, so that a digit `+4` is out of range before it is badly written.
long long integer(const Field& f, size_t line, const std::string& what) {
    const std::string& t = f.text;
    size_t i = (!t.empty() && (t[0] == '+' || t[0] == '-')) ? 1 : 0;
    bool negative = i == 1 && t[0] == '-';
    if (i == t.size())
        reject(line, f.col, "expected " + what + " (an integer), found \"" + t + "\"", "integer");
    unsigned long long magnitude = 0;
    const unsigned long long limit = negative ? 9223372036854775808ull : 9223372036854775807ull;
    for (; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9')
            reject(line, f.col, "expected " + what + " (an integer), found \"" + t + "\"", "integer");
        if (magnitude > (limit - static_cast<unsigned long long>(t[i] - '0')) / 10)
            reject(line, f.col, "\"" + t + "\" does not fit in 64 bits", "integer");
        magnitude = magnitude * 10 + static_cast<unsigned long long>(t[i] - '0');
    }
    if (!negative) return static_cast<long long>(magnitude);
    return magnitude == 0 ? 0 : -static_cast<long long>(magnitude - 1) - 1;
}

void canonical(const Field& f, size_t line, long long value) {
    if (f.text != std::to_string(value))
        reject(line, f.col, "\"" + f.text + "\" is not written as " + std::to_string(value),
               "canonical-integer");
}

const std::string& line_at(const std::vector<std::string>& lines, size_t index,
                           const std::string& what) {
    if (index >= lines.size())
        reject(lines.size() + 1, 1, "expected " + what + ", found the end of the file", "end-of-file");
    return lines[index];
}

// One data set, kept until the whole layout is known to be right.
struct Puzzle {
    size_t line;
    int rows, cols;
    std::vector<int> digits;
};

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

    std::vector<Puzzle> puzzles;
    size_t at = 0;
    for (long long set = 1;; ++set) {
        const std::string name = "data set " + std::to_string(set);
        const size_t header_line = at + 1;
        const std::string& header = line_at(lines, at, name + "'s `r c` or the final `0 0`");
        std::vector<Field> size = fields(header, header_line, 2, "sizes r and c");
        long long rc[2];
        for (int k = 0; k < 2; ++k) {
            rc[k] = integer(size[k], header_line, "a size");
            canonical(size[k], header_line, rc[k]);
        }
        ++at;
        if (rc[0] == 0 && rc[1] == 0) break;
        const char* rules[2] = {"r-range", "c-range"};
        const char* names[2] = {"the number of rows r", "the number of columns c"};
        for (int k = 0; k < 2; ++k)
            if (rc[k] < 1 || rc[k] > 20)
                reject(header_line, size[k].col,
                       name + ": " + names[k] + " must be 1..20 (both 0 only to end), found " +
                           std::to_string(rc[k]),
                       rules[k]);
        Puzzle p{header_line, static_cast<int>(rc[0]), static_cast<int>(rc[1]), {}};
        for (int i = 1; i <= p.rows; ++i) {
            const std::string what = name + ", row " + std::to_string(i);
            const std::vector<Field> row =
                fields(line_at(lines, at, what), at + 1, p.cols, "digits in " + what);
            for (const Field& f : row) {
                long long d = integer(f, at + 1, "a digit 0-3 in " + what);
                if (d < 0 || d > 3)
                    reject(at + 1, f.col, "a digit 0-3 in " + what + ", found " + std::to_string(d),
                           "cell-digit-range");
                canonical(f, at + 1, d);
                p.digits.push_back(static_cast<int>(d));
            }
            ++at;
        }
        puzzles.push_back(p);
    }
    if (at < lines.size()) {
        if (lines[at].empty()) reject(at + 1, 1, "blank line after the final `0 0`", "blank-line");
        reject(at + 1, 1, "unexpected data after the final `0 0`", "extra-data");
    }
    for (size_t k = 0; k < puzzles.size(); ++k) {
        const Puzzle& p = puzzles[k];
        const std::string name = "data set " + std::to_string(k + 1);
        int loops = Counter(p.rows, p.cols, p.digits).count();
        if (loops == 0)
            reject(p.line, 1, name + ": no loop fits these digits (exactly one must)", "no-solution");
        if (loops > 1)
            reject(p.line, 1, name + ": more than one loop fits these digits (exactly one must)",
                   "several-solutions");
    }
    return 42;
}
