/* Off-by-one in the primality test (d * d < x instead of <=) makes
 * squares of primes look prime: for n = 28 this prints "3 25". */
#include <stdio.h>

static int prime(int x) {
    if (x < 2) return 0;
    for (int d = 2; d * d < x; d++)
        if (x % d == 0) return 0;
    return 1;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int p = 2; p <= n / 2; p++) {
        if (prime(p) && prime(n - p)) {
            printf("%d %d\n", p, n - p);
            return 0;
        }
    }
    return 0;
}
