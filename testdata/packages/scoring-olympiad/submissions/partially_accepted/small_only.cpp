// Right while N <= 10, a wrong total beyond: subtask 1 only (40 points).
#include <algorithm>

#include "totals.h"

long long total(const std::vector<long long>& a) {
    long long s = a.size() > 10 ? 1 : 0;
    for (long long x : a) s += x;
    return s;
}

long long largest(const std::vector<long long>& a) {
    return *std::max_element(a.begin(), a.end());
}
