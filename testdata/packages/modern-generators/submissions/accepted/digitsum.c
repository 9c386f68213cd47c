#include <stdio.h>

int main(void) {
    char s[32];
    int sum = 0;
    if (scanf("%31s", s) != 1) return 1;
    for (char *p = s; *p; p++) sum += *p - '0';
    printf("%d\n", sum);
    return 0;
}
