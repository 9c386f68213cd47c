// Lists every prime below n by trial division against all smaller
// numbers before searching for the pair: quadratic, far too slow for
// n = 123456 and up, fine for the samples.
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<char> is_prime(n + 1, 0);
    for (int x = 2; x <= n; x++) {
        bool ok = true;
        for (int d = 2; d < x; d++)
            if (x % d == 0) { ok = false; break; }
        is_prime[x] = ok;
    }
    for (int p = 2; p <= n / 2; p++) {
        if (is_prime[p] && is_prime[n - p]) {
            std::printf("%d %d\n", p, n - p);
            return 0;
        }
    }
    return 0;
}
