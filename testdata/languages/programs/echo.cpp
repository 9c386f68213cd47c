// Echo: standard input to standard output, unchanged.
#include <iostream>
#include <string>

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::cout << line;
        if (!std::cin.eof()) std::cout << '\n';
    }
    return 0;
}
