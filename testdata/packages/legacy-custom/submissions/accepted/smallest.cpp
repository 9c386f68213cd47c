// Smallest prime p such that n - p is prime too.
#include <iostream>

static bool prime(int x) {
    if (x < 2) return false;
    for (int d = 2; d * d <= x; d++)
        if (x % d == 0) return false;
    return true;
}

int main() {
    int n;
    std::cin >> n;
    for (int p = 2; p <= n / 2; p++) {
        if (prime(p) && prime(n - p)) {
            std::cout << p << " " << n - p << "\n";
            return 0;
        }
    }
    return 0;
}
