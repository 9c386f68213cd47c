// Input validator for Exact Change. Exit 42 iff the input is exactly
//   k A\n c_1 ... c_k\n
// with 1 <= k <= 5, 1 <= A <= 1000, 1 = c_1 < c_2 < ... < c_k <= 100,
// single spaces, canonical integers.
#include <cstdio>
#include <string>
#include <vector>

static std::vector<std::string> split(const std::string &line) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        size_t sp = line.find(' ', start);
        out.push_back(line.substr(start, sp - start));
        if (sp == std::string::npos) return out;
        start = sp + 1;
    }
}

static bool number(const std::string &t, long lo, long hi, long &v) {
    if (t.empty() || t.size() > 4 || (t[0] == '0' && t.size() > 1)) return false;
    v = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    return lo <= v && v <= hi;
}

int main() {
    std::string all;
    int ch;
    while ((ch = std::getchar()) != EOF) {
        all.push_back(static_cast<char>(ch));
        if (all.size() > 1000) return 43;
    }
    size_t nl1 = all.find('\n');
    if (nl1 == std::string::npos) return 43;
    size_t nl2 = all.find('\n', nl1 + 1);
    if (nl2 == std::string::npos || nl2 + 1 != all.size()) return 43;
    std::vector<std::string> head = split(all.substr(0, nl1));
    std::vector<std::string> vals = split(all.substr(nl1 + 1, nl2 - nl1 - 1));
    long k, amount;
    if (head.size() != 2 || !number(head[0], 1, 5, k) || !number(head[1], 1, 1000, amount)) return 43;
    if (static_cast<long>(vals.size()) != k) return 43;
    long prev = 0;
    for (size_t i = 0; i < vals.size(); i++) {
        long c;
        if (!number(vals[i], 1, 100, c)) return 43;
        if (i == 0 && c != 1) return 43;
        if (c <= prev) return 43;
        prev = c;
    }
    return 42;
}
