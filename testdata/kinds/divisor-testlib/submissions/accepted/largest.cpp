// The largest proper divisor, in C++.
#include <iostream>
int main() {
    int t;
    std::cin >> t;
    while (t--) {
        unsigned long long n, d = 2;
        std::cin >> n;
        while (d * d <= n && n % d) d++;
        if (d * d <= n) std::cout << n / d << '\n';
        else std::cout << "prime\n";
    }
}
