/* Trial division up to n: right, and far too slow on large primes. */
#include <stdio.h>
int main(void) {
    int t;
    scanf("%d", &t);
    while (t--) {
        unsigned long long n, d;
        scanf("%llu", &n);
        for (d = 2; d < n; d++)
            if (n % d == 0) break;
        if (d < n) printf("%llu\n", d); else puts("prime");
    }
}
