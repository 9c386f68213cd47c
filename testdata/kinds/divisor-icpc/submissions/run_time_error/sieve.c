/* A sieve up to 10^6, indexed with n itself: reads far outside it when
 * n > 10^6 (a segmentation fault). */
#include <stdio.h>
static unsigned smallest[1000001];
int main(void) {
    for (unsigned i = 2; i <= 1000000; i++)
        if (!smallest[i])
            for (unsigned j = i; j <= 1000000; j += i)
                if (!smallest[j]) smallest[j] = i;
    int t;
    scanf("%d", &t);
    while (t--) {
        unsigned long long n;
        scanf("%llu", &n);
        unsigned d = smallest[n];
        if (d != n) printf("%u\n", d); else puts("prime");
    }
}
