// Input validator for Walking Distance. Exit 42 iff the input is exactly:
// a line with 2 <= n <= 10, then n lines "x y" with -1000 <= x, y <= 1000,
// single spaces, LF line ends, canonical integers (no leading zeros, no "+",
// no "-0").
#include <cstdio>
#include <string>
#include <vector>

static bool integer(const std::string &t, long lo, long hi, long &v) {
    size_t i = 0;
    bool neg = false;
    if (i < t.size() && t[i] == '-') neg = true, i++;
    if (i >= t.size() || t.size() - i > 4) return false;
    if (t[i] == '0' && (t.size() - i > 1 || neg)) return false;
    v = 0;
    for (; i < t.size(); i++) {
        if (t[i] < '0' || t[i] > '9') return false;
        v = v * 10 + (t[i] - '0');
    }
    if (neg) v = -v;
    return lo <= v && v <= hi;
}

int main() {
    std::string all;
    int c;
    while ((c = std::getchar()) != EOF) {
        all.push_back(static_cast<char>(c));
        if (all.size() > 10000) return 43;
    }
    if (all.empty() || all.back() != '\n') return 43;
    std::vector<std::string> lines;
    std::string cur;
    for (char ch : all) {
        if (ch == '\n') lines.push_back(cur), cur.clear();
        else cur.push_back(ch);
    }
    long n;
    if (lines.empty() || !integer(lines[0], 2, 10, n)) return 43;
    if (lines.size() != static_cast<size_t>(n) + 1) return 43;
    for (long i = 1; i <= n; i++) {
        const std::string &l = lines[i];
        size_t sp = l.find(' ');
        if (sp == std::string::npos) return 43;
        long x, y;
        if (!integer(l.substr(0, sp), -1000, 1000, x)) return 43;
        if (!integer(l.substr(sp + 1), -1000, 1000, y)) return 43;
    }
    return 42;
}
