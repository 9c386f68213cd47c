// Interactor for Higher or Lower.
//
//   interactor input_file answer_file feedback_dir < team_stdout > team_stdin
//
// input_file holds "n s". The submission gets n, then at most 20 guesses.
// Exit 42 when the secret is found and the submission then writes nothing
// more; exit 43 on a malformed or out-of-range guess, on too many guesses,
// or if the submission stops early. Reasons go to judgemessage.txt.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static std::string feedback_dir;

static void message(const std::string &text) {
    std::string path = feedback_dir + "judgemessage.txt";
    if (FILE *f = std::fopen(path.c_str(), "a")) {
        std::fprintf(f, "%s\n", text.c_str());
        std::fclose(f);
    }
}

[[noreturn]] static void verdict(int code, const std::string &text) {
    message(text);
    std::exit(code);
}

int main(int argc, char **argv) {
    // The submission may exit at any time; writing to it must not kill us.
    std::signal(SIGPIPE, SIG_IGN);
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input_file answer_file feedback_dir\n", argv[0]);
        return 1;
    }
    feedback_dir = argv[3];
    if (!feedback_dir.empty() && feedback_dir.back() != '/') feedback_dir += '/';

    long n = 0, secret = 0;
    FILE *in = std::fopen(argv[1], "r");
    if (!in || std::fscanf(in, "%ld %ld", &n, &secret) != 2) {
        std::fprintf(stderr, "cannot read the input file\n");
        return 1;
    }
    std::fclose(in);

    std::printf("%ld\n", n);
    std::fflush(stdout);

    const int max_guesses = 20;
    for (int guesses = 1; guesses <= max_guesses; guesses++) {
        char word[16];
        if (std::scanf("%15s", word) != 1)
            verdict(43, "submission stopped before finding the number (after " +
                            std::to_string(guesses - 1) + " guesses)");
        if (std::strcmp(word, "guess") != 0)
            verdict(43, std::string("expected \"guess\", got \"") + word + "\"");
        char num[16];
        if (std::scanf("%15s", num) != 1)
            verdict(43, "missing number after \"guess\"");
        char *end = nullptr;
        long x = std::strtol(num, &end, 10);
        if (*end != '\0' || end == num || x < 1 || x > n)
            verdict(43, std::string("guess \"") + num + "\" is not an integer in [1, n]");
        if (x == secret) {
            std::printf("correct\n");
            std::fflush(stdout);
            int c;
            while ((c = std::getchar()) != EOF) {
                if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
                    verdict(43, "submission wrote more after \"correct\"");
            }
            verdict(42, "found " + std::to_string(secret) + " in " + std::to_string(guesses) +
                            " guesses");
        }
        std::printf(x < secret ? "higher\n" : "lower\n");
        std::fflush(stdout);
    }
    verdict(43, "more than 20 guesses");
}
