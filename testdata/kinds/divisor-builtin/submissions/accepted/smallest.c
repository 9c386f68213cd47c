/* Same idea as the reference, a different program. */
#include <stdio.h>
int main(void) {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long n, d = 2, found = 0;
        scanf("%lld", &n);
        for (; d * d <= n; d++)
            if (n % d == 0) { found = d; break; }
        if (found) printf("%lld\n", found); else printf("prime\n");
    }
}
