// Bisects for x, then notes it in base 26 (a = 0) and reads it back.
#include <iostream>
#include <string>

int main() {
    std::string what;
    std::cin >> what;
    if (what == "recall") {
        std::string note;
        std::cin >> note;
        long x = 0;
        for (char c : note) x = x * 26 + (c - 'a');
        std::cout << "! " << x << std::endl;
        return 0;
    }
    long lo = 1, hi, mid = 1;
    std::cin >> hi;
    for (;;) {
        mid = (lo + hi) / 2;
        std::cout << "? " << mid << std::endl;
        std::string said;
        std::cin >> said;
        if (said == "=") break;
        if (said == "<") hi = mid - 1; else lo = mid + 1;
    }
    std::string word;
    do {
        word.insert(word.begin(), char('a' + mid % 26));
        mid /= 26;
    } while (mid > 0);
    std::cout << "note " << word << std::endl;
}
