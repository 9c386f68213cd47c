// Only the functions: main() and totals.h come from include/cpp/.
#include <algorithm>

#include "totals.h"

long long total(const std::vector<long long>& a) {
    long long s = 0;
    for (long long x : a) s += x;
    return s;
}

long long largest(const std::vector<long long>& a) {
    return *std::max_element(a.begin(), a.end());
}
