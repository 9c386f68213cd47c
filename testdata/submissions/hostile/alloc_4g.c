/* Allocates and touches 4 GiB in 16 MiB steps, like a vector that keeps
 * growing: peak memory passes the limit (MLE). Writes go through a
 * volatile pointer so the compiler cannot drop them. */
#include <stdlib.h>
int main(void) {
    const size_t step = 16u << 20;
    for (size_t total = 0; total < (4ull << 30); total += step) {
        volatile char *p = malloc(step);
        if (!p) return 3;
        for (size_t i = 0; i < step; i += 4096) p[i] = 1;
    }
    return 0;
}
