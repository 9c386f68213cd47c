// Forgets the last step: n(n-1)/2. Wrong on every case, score 0.
#include <iostream>

int main() {
    long long n;
    std::cin >> n;
    std::cout << n * (n - 1) / 2 << "\n";
    return 0;
}
