/* A 32-bit sum: right on small inputs, overflows on every large one. */
#include <stdio.h>
int main(void) {
    int n, a;
    unsigned sum = 0;
    scanf("%d", &n);
    while (n-- > 0 && scanf("%d", &a) == 1) sum += (unsigned)a;
    printf("%d\n", (int)sum);
}
