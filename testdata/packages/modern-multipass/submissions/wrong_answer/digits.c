/* Writes each decimal digit as a letter (0 -> a, ..., 9 -> j). Correct
 * round trip, but numbers of eight or more digits need more than seven
 * letters, so pass 1 fails on them. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char mode[16], arg[64];
    if (scanf("%15s %63s", mode, arg) != 2) return 1;
    if (strcmp(mode, "encode") == 0) {
        for (char *p = arg; *p; p++) putchar('a' + (*p - '0'));
    } else {
        for (char *p = arg; *p; p++) putchar('0' + (*p - 'a'));
    }
    putchar('\n');
    return 0;
}
