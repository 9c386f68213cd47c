/* Guesses 1, 2, 3, ...: finds small secrets, but needs more than the 20
 * allowed guesses for most. Stops when the judge hangs up. */
#include <stdio.h>
#include <string.h>

int main(void) {
    long n;
    char reply[32];
    if (scanf("%ld", &n) != 1) return 1;
    for (long x = 1; x <= n; x++) {
        printf("guess %ld\n", x);
        fflush(stdout);
        if (scanf("%31s", reply) != 1) return 0;
        if (strcmp(reply, "correct") == 0) return 0;
    }
    return 0;
}
