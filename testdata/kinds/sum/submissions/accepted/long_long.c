/* 64-bit sum: at most 1000 * 10^9 in absolute value. */
#include <stdio.h>
int main(void) {
    int n;
    long long sum = 0, a;
    scanf("%d", &n);
    while (n-- > 0 && scanf("%lld", &a) == 1) sum += a;
    printf("%lld\n", sum);
}
