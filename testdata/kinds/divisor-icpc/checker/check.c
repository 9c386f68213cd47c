/* ICPC output validator: check INPUT ANSWER FEEDBACK_DIR < team_output.
 * For each n, the team prints a divisor d with 1 < d < n, or "prime" when
 * the answer file says n is prime. Tokens, any whitespace. Exit 42 when
 * accepted, 43 with a judgemessage.txt when not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *feedback;

static void verdict(int code, const char *fmt, unsigned long long a, const char *b) {
    if (feedback) {
        fprintf(feedback, fmt, a, b);
        fputc('\n', feedback);
        fclose(feedback);
    }
    exit(code);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: check INPUT ANSWER FEEDBACK_DIR\n");
        return 1;
    }
    FILE *input = fopen(argv[1], "r"), *answer = fopen(argv[2], "r");
    if (!input || !answer) {
        perror("open");
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    feedback = fopen(path, "w");
    int t;
    if (fscanf(input, "%d", &t) != 1) return 1;
    for (int i = 1; i <= t; i++) {
        unsigned long long n;
        char expected[64], got[64];
        if (fscanf(input, "%llu", &n) != 1 || fscanf(answer, "%63s", expected) != 1) return 1;
        if (scanf("%63s", got) != 1) verdict(43, "answer %llu%s: missing", (unsigned long long)i, "");
        if (strcmp(got, "prime") == 0) {
            if (strcmp(expected, "prime") != 0)
                verdict(43, "%llu is not prime%s", n, "");
            continue;
        }
        char *end;
        unsigned long long d = strtoull(got, &end, 10);
        if (*end != '\0' || got[0] < '0' || got[0] > '9')
            verdict(43, "answer %llu: %s is not a number", (unsigned long long)i, got);
        if (d <= 1 || d >= n || n % d != 0)
            verdict(43, "%llu: %s is not a proper divisor", n, got);
    }
    char extra[2];
    if (scanf("%1s", extra) == 1) verdict(43, "output after answer %llu%s", (unsigned long long)t, "");
    if (feedback) fclose(feedback);
    return 42;
}
