// n(n+1)/2 in 64-bit arithmetic: at most 5 * 10^17, fits easily.
#include <iostream>

int main() {
    long long n;
    std::cin >> n;
    std::cout << n * (n + 1) / 2 << "\n";
    return 0;
}
