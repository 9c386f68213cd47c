/* Recursion that never ends. Under a 2 GiB memory limit and a 1 s time
 * limit it must crash as a run-time error: the stack stops at 256 MiB,
 * which the kernel faults in well within the second. A stack as large as
 * the memory limit would take more than the second to fill, and the
 * crash would read as TLE. */
#include <stdio.h>
static int down(int n) {
    volatile char frame[64];
    frame[0] = (char)n;
    return down(n + 1) + frame[0];
}
int main(void) {
    printf("%d\n", down(0));
    return 0;
}
