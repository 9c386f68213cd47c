// Input validator for Two Primes. Exit 42 iff stdin is exactly one line
// holding an even integer 4 <= n <= 1000000 without leading zeros.
#include <cstdio>
#include <string>

static int fail(const char *msg) {
    std::fprintf(stderr, "%s\n", msg);
    return 43;
}

int main() {
    std::string s;
    int c;
    while ((c = std::getchar()) != EOF) {
        s.push_back(static_cast<char>(c));
        if (s.size() > 64) return fail("input too long");
    }
    if (s.empty() || s.back() != '\n') return fail("missing final newline");
    s.pop_back();
    if (s.empty() || s.size() > 7) return fail("bad length");
    if (s[0] == '0') return fail("leading zero");
    long n = 0;
    for (char ch : s) {
        if (ch < '0' || ch > '9') return fail("not a plain integer");
        n = n * 10 + (ch - '0');
    }
    if (n < 4 || n > 1000000) return fail("n out of range");
    if (n % 2 != 0) return fail("n is odd");
    return 42;
}
