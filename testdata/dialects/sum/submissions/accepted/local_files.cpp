// Written for a judge that defines ONLINE_JUDGE: on the author's own
// machine it reads input.txt and writes output.txt instead.
#include <cstdio>
int main() {
#ifndef ONLINE_JUDGE
    std::freopen("input.txt", "r", stdin);
    std::freopen("output.txt", "w", stdout);
#endif
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    std::printf("%lld\n", a + b);
}
