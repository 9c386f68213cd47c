/* A right answer to testdata/kinds/divisor-*, after burning 1.5 s of CPU
 * time per run: a submission whose speed is set, for `judge timelimit`
 * tests (tests/it/timelimit.rs). CPU time, not the wall clock, so a busy
 * machine does not change what it measures. */
#include <stdio.h>
#include <time.h>
int main(void) {
    volatile unsigned long spin = 0;
    /* The clock is read every million steps: reading it is a system call. */
    do {
        for (int i = 0; i < 1000000; i++) spin++;
    } while (clock() < (clock_t)(1.5 * CLOCKS_PER_SEC));
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long n, d = 2, found = 0;
        if (scanf("%lld", &n) != 1) return 1;
        for (; d * d <= n; d++)
            if (n % d == 0) { found = d; break; }
        if (found) printf("%lld\n", found); else printf("prime\n");
    }
    return 0;
}
