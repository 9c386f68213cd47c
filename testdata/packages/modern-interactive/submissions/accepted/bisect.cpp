// Binary search on [lo, hi]: at most 20 guesses for n <= 10^6.
#include <iostream>
#include <string>

int main() {
    long n;
    if (!(std::cin >> n)) return 1;
    long lo = 1, hi = n;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        std::cout << "guess " << mid << std::endl;  // endl flushes
        std::string reply;
        if (!(std::cin >> reply)) return 1;
        if (reply == "correct") return 0;
        if (reply == "higher") lo = mid + 1;
        else hi = mid - 1;
    }
    return 0;
}
