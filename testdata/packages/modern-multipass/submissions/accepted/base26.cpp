// Same base-26 idea as base26.py, least significant letter first.
#include <iostream>
#include <string>

int main() {
    std::string mode, arg;
    std::cin >> mode >> arg;
    if (mode == "encode") {
        long long n = std::stoll(arg);
        std::string w;
        do {
            w.push_back(static_cast<char>('a' + n % 26));
            n /= 26;
        } while (n > 0);
        std::cout << w << "\n";
    } else {
        long long n = 0;
        for (auto it = arg.rbegin(); it != arg.rend(); ++it) n = n * 26 + (*it - 'a');
        std::cout << n << "\n";
    }
    return 0;
}
