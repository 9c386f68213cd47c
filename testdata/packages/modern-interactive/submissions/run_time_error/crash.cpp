// Makes one correct-looking guess, then aborts (SIGABRT) instead of
// reading the reply -- unless that first guess already hit the secret.
#include <cstdlib>
#include <iostream>
#include <string>

int main() {
    long n;
    if (!(std::cin >> n)) return 1;
    std::cout << "guess " << (n + 1) / 2 << std::endl;
    std::string reply;
    std::cin >> reply;
    if (reply == "correct") return 0;
    std::abort();
}
