// Binary search, as bisect.py.
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    long long lo = 1, hi = n;
    while (true) {
        long long mid = (lo + hi) / 2;
        std::cout << "? " << mid << std::endl;
        std::string said;
        if (!(std::cin >> said) || said == "correct") return 0;
        if (said == "higher") lo = mid + 1;
        else hi = mid - 1;
    }
}
