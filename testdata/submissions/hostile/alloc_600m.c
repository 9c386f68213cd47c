/* Allocates 600 MB and touches every page: over a 256 MiB limit it must
 * be MLE, with or without a cgroup to count it. Without one, the
 * launcher's watch of resident memory stops it (the address-space cap,
 * twice the limit and 1 GiB, lets the allocation through); where the cap
 * is lower (a machine with little memory) the refused allocation exits 1,
 * and judge runs the case once more without the cap. The pages are
 * written and read back so that no compiler can drop the allocation. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t n = (size_t)600 << 20;
    volatile char *p = malloc(n);
    if (!p) return 1;
    for (size_t i = 0; i < n; i += 4096) p[i] = (char)i;
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    printf("%ld\n", sum);
    return 0;
}
