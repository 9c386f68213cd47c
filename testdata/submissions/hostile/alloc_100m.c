/* Allocates 100 MB, touches every page, and then answers `tiny`'s case
 * right: well under a 256 MiB limit it is AC on every layer, so the
 * address-space cap where no cgroup counts memory is not so tight that
 * it refuses what the limit allows, and the watch does not count what
 * the program never used. */
#include <stdio.h>
#include <stdlib.h>

static const char *answer =
    "Game #1 is over. The first player won.\n"
    "-------\n"
    "    X  \n"
    "   Xx  \n"
    "  Xoo  \n"
    "oXoxxoo\n"
    "-------\n"
    "Game #2 is not over, yet.\n";

int main(void) {
    size_t n = (size_t)100 << 20;
    volatile char *p = malloc(n);
    if (p == NULL) {
        printf("not enough memory for 100 MB\n");
        return 0;
    }
    for (size_t i = 0; i < n; i += 4096) p[i] = (char)(i >> 12);
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    if (sum == -1) return 1; /* never: keeps the reads */
    fputs(answer, stdout);
    return 0;
}
