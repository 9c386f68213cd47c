// Input validator for Higher or Lower: exactly one line "n s" with
// 1 <= s <= n <= 1000000, single space, no leading zeros. Exit 42 if valid.
#include <cstdio>
#include <string>

static bool number(const std::string &t, long &v) {
    if (t.empty() || t.size() > 7 || t[0] == '0') return false;
    v = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    return true;
}

int main() {
    std::string s;
    int c;
    while ((c = std::getchar()) != EOF) {
        s.push_back(static_cast<char>(c));
        if (s.size() > 100) return 43;
    }
    if (s.empty() || s.back() != '\n') return 43;
    s.pop_back();
    size_t sp = s.find(' ');
    if (sp == std::string::npos) return 43;
    long n, secret;
    if (!number(s.substr(0, sp), n) || !number(s.substr(sp + 1), secret)) return 43;
    if (n < 1 || n > 1000000 || secret < 1 || secret > n) return 43;
    return 42;
}
