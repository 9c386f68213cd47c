/* Binary search that never flushes: its guesses sit in its own buffer, the
 * interactor waits for them and it waits for replies. A deadlock the wall
 * clock ends. */
#include <stdio.h>
#include <string.h>
int main(void) {
    long long n, lo = 1, hi;
    char reply[16];
    scanf("%lld", &n);
    hi = n;
    for (;;) {
        long long g = lo + (hi - lo) / 2;
        printf("%lld\n", g);
        if (scanf("%15s", reply) != 1 || strcmp(reply, "correct") == 0) return 0;
        if (strcmp(reply, "higher") == 0) lo = g + 1; else hi = g - 1;
    }
}
