// C++20: std::set::contains. Accepted where the compiler's newest
// standard is used, as contest judges configure it.
#include <iostream>
#include <set>
int main() {
    long long a, b;
    std::cin >> a >> b;
    std::set<long long> seen{a};
    if (seen.contains(a)) std::cout << a + b << "\n";
}
