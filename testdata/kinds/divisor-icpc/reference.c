/* Reference: the smallest divisor above 1 by trial division up to sqrt(n). */
#include <stdio.h>

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t-- > 0) {
        unsigned long long n, d;
        if (scanf("%llu", &n) != 1) return 1;
        for (d = 2; d * d <= n; d++)
            if (n % d == 0) break;
        if (d * d <= n) printf("%llu\n", d);
        else puts("prime");
    }
    return 0;
}
