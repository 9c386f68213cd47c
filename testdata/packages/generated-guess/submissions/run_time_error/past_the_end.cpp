// Keeps its guesses in a vector, and reads one past its end.
#include <iostream>
#include <vector>

int main() {
    long long n;
    std::cin >> n;
    std::vector<long long> guesses(3, n / 2);
    std::cout << "? " << guesses.at(3) << std::endl;
}
