/* Halves the even factor first, then multiplies in 32-bit unsigned
 * arithmetic: right while the result fits in 32 bits (n = 50000 gives
 * 1250025000), wrong for n = 10^9. Expected: 30 + 35 = 65 points. */
#include <stdio.h>

int main(void) {
    unsigned int n, blocks;
    if (scanf("%u", &n) != 1) return 1;
    if (n % 2 == 0)
        blocks = (n / 2) * (n + 1);
    else
        blocks = n * ((n + 1) / 2);
    printf("%u\n", blocks);
    return 0;
}
