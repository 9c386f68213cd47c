/* testlib-interface checker: check INPUT OUTPUT ANSWER. Messages go to
 * standard error; exit 0 ok, 1 wrong answer, 2 presentation error, 3 when
 * the judge's own files are wrong. */
#include <stdlib.h>
#include "lines.h"

enum { OK = 0, WA = 1, PE = 2, FAIL = 3 };

static void quit(int code, const char *message, unsigned long long n) {
    fprintf(stderr, message, n);
    fputc('\n', stderr);
    exit(code);
}

int main(int argc, char **argv) {
    if (argc < 4) quit(FAIL, "usage: check INPUT OUTPUT ANSWER (%llu)", 0);
    FILE *input = fopen(argv[1], "r"), *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
    if (!input || !output || !answer) quit(FAIL, "cannot open the files (%llu)", 0);
    int t, spacing = 0;
    if (fscanf(input, "%d", &t) != 1) quit(FAIL, "bad input (%llu)", 0);
    for (int i = 1; i <= t; i++) {
        unsigned long long n;
        char expected[64], line[256];
        int spaced;
        if (fscanf(input, "%llu", &n) != 1 || fscanf(answer, "%63s", expected) != 1)
            quit(FAIL, "input and answer disagree at %llu", (unsigned long long)i);
        if (!read_line(output, line, sizeof line)) quit(WA, "line %llu: missing", (unsigned long long)i);
        char *word = trim(line, &spaced);
        spacing |= spaced;
        if (strcmp(word, "prime") == 0) {
            if (strcmp(expected, "prime") != 0) quit(WA, "%llu is not prime", n);
            continue;
        }
        char *end;
        unsigned long long d = strtoull(word, &end, 10);
        if (*word < '0' || *word > '9' || *end != '\0' || d <= 1 || d >= n || n % d != 0)
            quit(WA, "not a proper divisor of %llu", n);
    }
    char rest[8];
    if (read_line(output, rest, sizeof rest)) quit(WA, "more than %llu lines", (unsigned long long)t);
    if (spacing) quit(PE, "right answers, stray spaces (%llu lines)", (unsigned long long)t);
    fprintf(stderr, "ok %d numbers\n", t);
    return OK;
}
