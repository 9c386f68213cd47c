/* Allocates 600 MB and touches every page: over a 256 MiB limit it must
 * be MLE, with or without a cgroup to count it. Without one, the
 * address-space cap (twice the limit) refuses the allocation, which looks
 * like a crash; judge then runs it once more without the cap, watching
 * its resident memory. The pages are written and read back so that no
 * compiler can drop the allocation. */
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
