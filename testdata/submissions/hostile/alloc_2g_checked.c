/* Allocates 2 GiB in one piece and checks the result: on failure it says
 * so on standard output and exits 0. Under a 256 MiB limit that is past
 * the address-space cap judge sets where no cgroup counts memory (twice
 * the limit and 1 GiB), so the allocation is refused there and the first
 * run looks like a wrong answer. judge then runs the case once more
 * without the cap, watching resident memory: the allocation goes through,
 * the pages are touched, the limit is passed, and the verdict is MLE, as
 * under a cgroup, which would have let the allocation through at once. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t n = (size_t)2 << 30;
    volatile char *p = malloc(n);
    if (p == NULL) {
        printf("not enough memory for 2 GiB\n");
        return 0;
    }
    for (size_t i = 0; i < n; i += 4096) p[i] = (char)(i >> 12);
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    printf("%ld\n", sum);
    return 0;
}
