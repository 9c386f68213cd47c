/* A recursion 200 MB deep (a recursive DFS on a long path), then the right
 * answer. With the stack as large as the memory limit, up to the default
 * cap of 256 MiB, it is AC; with the usual 8 MiB stack it would crash (RE). */
#include <stdio.h>
static int depth(int n) {
    volatile char frame[1000];
    frame[0] = (char)n;
    return n == 0 ? 0 : depth(n - 1) + (frame[0] & 1);
}
int main(void) {
    if (depth(200000) < 0) return 1;
    fputs("Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n"
          "  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n", stdout);
    return 0;
}
