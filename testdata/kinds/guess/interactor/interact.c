/* Interactor: interact INPUT ANSWER FEEDBACK_DIR; standard output goes to
 * the submission, standard input comes from it. The input holds N and the
 * secret X. Exit 42 when the submission guessed X within the allowance,
 * 43 otherwise, with the reason in judgemessage.txt. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *feedback;

static void wrong(const char *why, long long a) {
    if (feedback) {
        fprintf(feedback, why, a);
        fputc('\n', feedback);
        fclose(feedback);
    }
    exit(43);
}

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    /* A submission that stops reading must not kill us mid-write. */
    signal(SIGPIPE, SIG_IGN);
    FILE *input = fopen(argv[1], "r");
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    feedback = fopen(path, "w");
    long long n, x;
    if (!input || fscanf(input, "%lld %lld", &n, &x) != 2) return 1;
    int allowed = 0;
    for (long long m = n; m > 0; m /= 2) allowed++;
    printf("%lld\n", n);
    fflush(stdout);
    for (int guesses = 1;; guesses++) {
        long long g;
        if (scanf("%lld", &g) != 1) wrong("no guess %lld: the submission stopped talking", guesses);
        if (guesses > allowed) wrong("more than %lld guesses", allowed);
        if (g == x) {
            puts("correct");
            fflush(stdout);
            if (feedback) fclose(feedback);
            return 42;
        }
        puts(g < x ? "higher" : "lower");
        fflush(stdout);
    }
}
