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
//
// Every reason ends with "(rule NAME)": the rule of the input format the
// file breaks, named as the in-crate strict validator names it, so that
// `judge validate` can tell an invalid input rejected for the rule it was
// written to break from one rejected by accident. A file breaking several
// rules is read in the same order (bytes, then lines, then each line from
// its start: spacing, label, number, moves, their count), so both
// validators name the same one.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// The rules, by the names the in-crate validator gives them.
const char* const kEmptyFile = "empty-file";
const char* const kUtf8 = "utf-8";
const char* const kCrlf = "crlf";
const char* const kTab = "tab";
const char* const kControl = "control-character";
const char* const kFinalNewline = "final-newline";
const char* const kBlankLine = "blank-line";
const char* const kLeadingSpace = "leading-space";
const char* const kTrailingSpace = "trailing-space";
const char* const kDoubleSpace = "double-space";
const char* const kFieldCount = "field-count";
const char* const kInteger = "integer";
const char* const kCanonical = "canonical-integer";
const char* const kEndOfFile = "end-of-file";
const char* const kExtraData = "extra-data";
const char* const kTRange = "t-range";
const char* const kMovesRange = "moves-in-a-game-range";
const char* const kGameLabel = "game-label";
const char* const kGameNumber = "game-number";
const char* const kSpaceAfterColon = "space-after-colon";
const char* const kSpaceBetweenMoves = "space-between-moves";
const char* const kSlotDigit = "slot-digit";

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

// The length of the UTF-8 sequence at data[i] (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0 when it is not one;
// its code point in `cp`.
size_t utf8_at(const std::string& data, size_t i, unsigned& cp) {
    const unsigned char b = static_cast<unsigned char>(data[i]);
    size_t len;
    unsigned min;
    if (b < 0x80) {
        cp = b;
        return 1;
    } else if (b >= 0xc2 && b <= 0xdf) {
        len = 2, min = 0x80, cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
        len = 3, min = 0x800, cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
        len = 4, min = 0x10000, cp = b & 0x07;
    } else {
        return 0;
    }
    if (i + len > data.size()) return 0;
    for (size_t k = 1; k < len; ++k) {
        const unsigned char c = static_cast<unsigned char>(data[i + k]);
        if ((c & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return len;
}

// The lines of the file without their '\n'. The whole file must be UTF-8;
// each line, checked when its '\n' is reached, must hold no CR, tab or
// other control character (C0, DEL or C1); the file must end with '\n'.
// Other characters (a byte order mark, a Unicode minus) are left to the
// parser, which names the field they spoil.
std::vector<std::string> split_lines(const std::string& data) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < data.size();) {
        unsigned cp;
        const size_t len = utf8_at(data, i, cp);
        if (len == 0) reject(line, col, "the file is not valid UTF-8 text", kUtf8);
        if (cp == '\n') ++line, col = 0;
        ++col;
        i += len;
    }
    if (data.empty()) reject(1, 1, "the file is empty", kEmptyFile);
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < data.size()) {
        const size_t end = data.find('\n', start);
        if (end == std::string::npos)
            reject(lines.size() + 1, data.size() - start + 1, "the last line has no final newline",
                   kFinalNewline);
        for (size_t i = start; i < end;) {
            unsigned cp;
            const size_t len = utf8_at(data, i, cp);
            const size_t line = lines.size() + 1, col = i - start + 1;
            if (cp == '\r') reject(line, col, "a carriage return (LF line ends only)", kCrlf);
            if (cp == '\t') reject(line, col, "a tab (fields are separated by one space)", kTab);
            if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
                reject(line, col, "a control character", kControl);
            i += len;
        }
        lines.push_back(data.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// `text` in quotes, cut to 40 bytes: a field may be a whole huge line.
std::string quote(const std::string& text) {
    if (text.size() <= 40) return "\"" + text + "\"";
    return "\"" + text.substr(0, 40) + "\"... (" + std::to_string(text.size()) + " bytes)";
}

// One field of a line and the column it starts at.
struct Field {
    std::string text;
    size_t col;
};

// The `count` fields of line `line` (1-based), which must be separated by
// single spaces with none at either end: spacing is judged before the
// number of fields, and that before any value.
std::vector<Field> fields(const std::string& text, size_t line, size_t count,
                          const std::string& what) {
    if (text.empty()) reject(line, 1, "unexpected blank line, expected " + what, kBlankLine);
    if (text.front() == ' ') reject(line, 1, "a leading space before " + what, kLeadingSpace);
    if (text.back() == ' ')
        reject(line, text.size(), "a trailing space after " + what, kTrailingSpace);
    std::vector<Field> out;
    size_t start = 0;
    while (true) {
        const size_t space = text.find(' ', start);
        const size_t end = space == std::string::npos ? text.size() : space;
        if (end == start)
            reject(line, start + 1, "two spaces in a row (one separates fields)", kDoubleSpace);
        out.push_back({text.substr(start, end - start), start + 1});
        if (space == std::string::npos) break;
        start = space + 1;
    }
    if (out.size() != count) {
        const size_t col = out.size() > count ? out[count].col : text.size() + 1;
        const std::string expected = std::to_string(count) + (count == 1 ? " field" : " fields");
        reject(line, col,
               "expected " + expected + " (" + what + "), found " + std::to_string(out.size()),
               kFieldCount);
    }
    return out;
}

// The value of a field that must be an integer in [lo, hi] written in
// canonical form. Judged in three steps, in this order: is it an integer
// that fits in 64 bits at all (an optional sign, then digits), is it in
// range (`range_rule` when not), and is it canonical (no '+', no leading
// zero, no "-0").
long long integer(const Field& f, size_t line, long long lo, long long hi, const std::string& what,
                  const char* range_rule) {
    const std::string& s = f.text;
    const bool signed_ = s[0] == '+' || s[0] == '-';
    const bool negative = s[0] == '-';
    const size_t first = signed_ ? 1 : 0;
    bool digits_only = first < s.size();
    for (size_t i = first; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') digits_only = false;
    if (!digits_only)
        reject(line, f.col, "expected " + what + " (an integer), found " + quote(s), kInteger);
    size_t significant = first;
    while (significant + 1 < s.size() && s[significant] == '0') ++significant;
    const std::string digits = s.substr(significant);
    const std::string limit = negative ? "9223372036854775808" : "9223372036854775807";
    if (digits.size() > limit.size() || (digits.size() == limit.size() && digits > limit))
        reject(line, f.col, what + " " + quote(s) + " does not fit in a 64-bit integer", kInteger);
    unsigned long long magnitude = 0;
    for (char c : digits) magnitude = magnitude * 10 + static_cast<unsigned>(c - '0');
    const long long value = static_cast<long long>(negative ? 0 - magnitude : magnitude);
    if (value < lo || value > hi)
        reject(line, f.col,
               what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                   ", found " + std::to_string(value),
               range_rule);
    if (s[0] == '+' || significant != first || (negative && value == 0))
        reject(line, f.col, quote(s) + " is not written in canonical form", kCanonical);
    return value;
}

const std::string& line_at(const std::vector<std::string>& lines, size_t index,
                           const std::string& what) {
    if (index >= lines.size())
        reject(lines.size() + 1, 1, "expected " + what + ", found the end of the file", kEndOfFile);
    return lines[index];
}

// Checks game line `n` (1-based game number, on line n + 1): `Game #n:`,
// then nothing, or one space and the moves.
void game(const std::string& text, long long n) {
    const size_t line = static_cast<size_t>(n) + 1;
    const std::string label = "Game #" + std::to_string(n) + ":";
    if (text.empty())
        reject(line, 1, "unexpected blank line, expected " + quote(label), kBlankLine);
    if (text[0] == ' ') reject(line, 1, "a leading space before " + quote(label), kLeadingSpace);
    const std::string start_with = "expected the line to start with " + quote(label);
    const std::string word = "Game #";
    if (text.compare(0, word.size(), word) != 0)
        reject(line, 1, start_with, kGameLabel);
    size_t pos = word.size();
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
    const std::string number = text.substr(word.size(), pos - word.size());
    if (number != std::to_string(n))
        reject(line, word.size() + 1,
               "expected the game number " + std::to_string(n) + ", found " + quote(number),
               kGameNumber);
    if (pos >= text.size() || text[pos] != ':')
        reject(line, pos + 1, start_with, kGameLabel);
    ++pos;
    if (pos == text.size()) return;  // `Game #n:`, no moves
    if (text[pos] != ' ')
        reject(line, pos + 1, "expected one space after the colon", kSpaceAfterColon);
    ++pos;
    if (pos == text.size()) return;  // `Game #n: `, no moves
    if (text.back() == ' ')
        reject(line, text.size(), "a trailing space after the moves", kTrailingSpace);
    if (text[pos] == ' ') reject(line, pos + 1, "two spaces after the colon", kDoubleSpace);
    const size_t first = pos;
    for (; pos < text.size(); ++pos) {
        if (text[pos] == ' ')
            reject(line, pos + 1, "a space between moves (they have no separators)",
                   kSpaceBetweenMoves);
        if (text[pos] < '1' || text[pos] > '7')
            reject(line, pos + 1, "expected a slot digit 1-7", kSlotDigit);
    }
    const size_t moves = text.size() - first;
    if (moves > 42)
        reject(line, first + 43, "more than 42 moves (" + std::to_string(moves) + ")", kMovesRange);
}

}  // namespace

int main() {
    const std::string data = read_all();
    const std::vector<std::string> lines = split_lines(data);

    const std::string what = "the number of games t";
    const std::vector<Field> first = fields(line_at(lines, 0, what), 1, 1, what);
    const long long t = integer(first[0], 1, 1, 99, what, kTRange);
    for (long long n = 1; n <= t; ++n)
        game(line_at(lines, static_cast<size_t>(n), "game " + std::to_string(n)), n);
    const size_t used = static_cast<size_t>(t) + 1;
    if (lines.size() > used) {
        if (lines[used].empty()) reject(used + 1, 1, "blank line after the last game", kBlankLine);
        reject(used + 1, 1, "unexpected data after the last game", kExtraData);
    }
    return 42;
}
