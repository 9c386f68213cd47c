/* Always takes the largest coin that still fits. Always a valid payment,
 * optimal on group 1, too many coins on group 2:
 * 40 + 20 * (2/5 + 3/12 + 15/17) = 70.647... points. */
#include <stdio.h>

int main(void) {
    int k, amount, coin[5];
    if (scanf("%d %d", &k, &amount) != 2) return 1;
    for (int i = 0; i < k; i++) scanf("%d", &coin[i]);
    int count = 0, left = amount;
    for (int i = k - 1; i >= 0; i--) count += left / coin[i], left %= coin[i];
    printf("%d\n", count);
    left = amount;
    int first = 1;
    for (int i = k - 1; i >= 0; i--) {
        while (left >= coin[i]) {
            printf(first ? "%d" : " %d", coin[i]);
            first = 0;
            left -= coin[i];
        }
    }
    printf("\n");
    return 0;
}
