#include <iostream>
#include <vector>

#include "totals.h"

int main() {
    int n;
    std::cin >> n;
    std::vector<long long> a(n);
    for (auto& x : a) std::cin >> x;
    std::cout << total(a) << "\n" << largest(a) << "\n";
}
