// So Doku Checker (UVa 10957): input validator, ICPC/Kattis interface.
//
// Reads the input on stdin; exits 42 when it is valid, 43 with a one-line
// reason naming the line and column on stderr when it is not. Arguments are
// ignored. This is a second implementation of the input rules, written from
// the statement (PROBLEMS.md), independent of the in-crate validator:
//
//   one or more grids of 9 lines of 9 digits 0-9 separated by single spaces,
//   consecutive grids separated by exactly one blank line; no blank line
//   before the first grid or after the last one.
//
// Givens may repeat (that is the Illegal verdict) and a grid may have any
// number of solutions, so nothing is checked beyond the layout. Layout is
// strict: LF line ends, a final newline, no tabs or other control characters,
// each cell a single digit (no sign, no leading zero).
//
// Every rejection ends with "(rule NAME)": the rule of the input format the
// file breaks, named as the in-crate strict validator names it for the same
// fault (crates/sudoku-checker: the shared layout rules, cell-digit-range and
// grid-rows), so `judge validate` can hold an invalid input to the rule it
// declares. The checks run in the strict validator's order (a row's layout,
// then its field count, then each field: an integer, in range, canonical),
// so a file with two faults is rejected for the same one by both.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
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
            if (ch == '\t') reject(line, col, "a tab (fields are separated by one space)", "tab");
            bool c1 = ch == 0xC2 && i + 1 < text.size() &&
                      static_cast<unsigned char>(text[i + 1]) <= 0x9F;
            if (ch < 0x20 || ch == 0x7f || c1) reject(line, col, "a control character", "control-character");
        }
        lines.push_back(text);
        start = nl + 1;
    }
    return lines;
}

// What is wrong with a grid row: where, why, and the rule.
struct Fault {
    size_t col;
    std::string why;
    const char* rule;
};

// A field read as an integer the way the strict validator reads one (an
// optional sign, then at least one digit, nothing else, within 64 bits);
// false when it is none.
bool as_integer(const std::string& field, long long& value) {
    size_t i = 0;
    bool negative = false;
    if (i < field.size() && (field[i] == '+' || field[i] == '-')) negative = field[i++] == '-';
    if (i == field.size()) return false;
    const unsigned long long limit = negative ? 9223372036854775808ULL : 9223372036854775807ULL;
    unsigned long long magnitude = 0;
    for (; i < field.size(); ++i) {
        if (field[i] < '0' || field[i] > '9') return false;
        unsigned d = field[i] - '0';
        if (magnitude > (limit - d) / 10) return false;
        magnitude = magnitude * 10 + d;
    }
    if (!negative) value = static_cast<long long>(magnitude);
    else if (magnitude == limit) value = -9223372036854775807LL - 1;
    else value = -static_cast<long long>(magnitude);
    return true;
}

// The first fault of a grid row, none when it is 9 digits 0-9 separated by
// single spaces: a blank line, a space at either end, two spaces in a row,
// other than 9 fields, then field by field one that is no integer, out of
// range, or not written canonically (a sign, a leading zero).
std::optional<Fault> row_fault(const std::string& text) {
    if (text.empty()) return Fault{1, "unexpected blank line", "blank-line"};
    if (text.front() == ' ') return Fault{1, "leading space", "leading-space"};
    if (text.back() == ' ') return Fault{col_of(text, text.size() - 1), "trailing space", "trailing-space"};
    std::vector<std::pair<size_t, std::string>> fields;  // byte offset, text
    for (size_t start = 0;;) {
        size_t space = text.find(' ', start);
        std::string field = text.substr(start, space == std::string::npos ? space : space - start);
        if (field.empty()) return Fault{col_of(text, start), "two spaces in a row", "double-space"};
        fields.push_back({start, field});
        if (space == std::string::npos) break;
        start = space + 1;
    }
    if (fields.size() != 9) {
        size_t col = fields.size() > 9 ? col_of(text, fields[9].first) : col_of(text, text.size());
        return Fault{col, "expected 9 digits, found " + std::to_string(fields.size()), "field-count"};
    }
    for (const auto& [at, field] : fields) {
        long long value = 0;
        size_t col = col_of(text, at);
        if (!as_integer(field, value))
            return Fault{col, "expected a digit 0-9 (an integer), found \"" + field + "\"", "integer"};
        if (value < 0 || value > 9)
            return Fault{col, "a digit must be between 0 and 9, found " + std::to_string(value),
                         "cell-digit-range"};
        if (field != std::to_string(value))
            return Fault{col, "\"" + field + "\" is not written as the digit " + std::to_string(value),
                         "canonical-integer"};
    }
    return std::nullopt;
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

    size_t at = 0;
    for (long long grid = 1;; ++grid) {
        const std::string g = std::to_string(grid);
        for (int row = 1; row <= 9; ++row) {
            const std::string what = "grid " + g + ", row " + std::to_string(row);
            const std::string& text = line_at(lines, at, what);
            // A blank line after some of a grid's rows: a row left out.
            if (row > 1 && text.empty())
                reject(at + 1, 1,
                       "grid " + g + " stops after " + std::to_string(row - 1) +
                           " of its 9 rows: a row is left out",
                       "grid-rows");
            if (auto fault = row_fault(text)) reject(at + 1, fault->col, what + ": " + fault->why, fault->rule);
            ++at;
        }
        if (at == lines.size()) return 42;
        // After a grid: a blank line. Spaces or a grid row there is the
        // blank line missing; anything else is data after the grids.
        const std::string& next = lines[at];
        if (!next.empty()) {
            bool spaces = next.find_first_not_of(' ') == std::string::npos;
            if (spaces || !row_fault(next))
                reject(at + 1, 1, "expected a blank line after grid " + g, "missing-blank-line");
            reject(at + 1, 1,
                   "unexpected data after grid " + g +
                       " (a grid is the last, or an empty line and the next grid follow it)",
                   "extra-data");
        }
        ++at;
        if (at == lines.size()) reject(at, 1, "blank line after the last grid", "blank-line");
    }
}
