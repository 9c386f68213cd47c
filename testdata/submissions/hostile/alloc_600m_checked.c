/* Allocates 600 MB in one piece and checks the result, as careful
 * contestants do: on failure it says so on standard output and exits 0,
 * which on its own would be a wrong answer. Under a 256 MiB limit it must
 * be MLE on every layer, as under isolate's or DOMjudge's cgroup: the
 * address-space cap where no cgroup counts memory lies far enough above
 * the limit to let the allocation through, and the launcher's watch stops
 * the program once it has touched more than the limit. On success every
 * page is written and read back (no compiler can drop the allocation) and
 * the sum printed. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t n = (size_t)600 << 20;
    volatile char *p = malloc(n);
    if (p == NULL) {
        printf("not enough memory for 600 MB\n");
        return 0;
    }
    for (size_t i = 0; i < n; i += 4096) p[i] = (char)(i >> 12);
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    printf("%ld\n", sum);
    return 0;
}
