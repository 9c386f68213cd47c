// Output validator for the two-pass problem Letter Code.
//
//   twopass input_file answer_file feedback_dir < team_output
//
// Pass 1: input_file is the test case ("encode n"). The team must print one
//   word of 1..7 lowercase letters. If so, write "decode <word>" to
//   feedback_dir/nextpass.in and exit 42, which asks for a second pass.
// Pass 2: input_file is that nextpass.in ("decode <word>"). The team must
//   print the number from answer_file. Exit 42 if so (no nextpass.in, so
//   judging ends), 43 otherwise.
// The pass is told apart by the first word of input_file. Each pass appends
// a line to judgemessage.txt, which persists between passes.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

static std::string feedback_dir;

static void message(const std::string &text) {
    std::ofstream out(feedback_dir + "judgemessage.txt", std::ios::app);
    out << text << "\n";
}

[[noreturn]] static void verdict(int code, const std::string &text) {
    message(text);
    std::exit(code);
}

// All whitespace-separated tokens of stdin; gives up on absurd sizes.
static std::vector<std::string> team_tokens() {
    std::vector<std::string> tokens;
    std::string cur;
    size_t total = 0;
    int c;
    while ((c = std::getchar()) != EOF) {
        if (++total > 4096) verdict(43, "team output is too long");
        if (std::isspace(c)) {
            if (!cur.empty()) tokens.push_back(cur), cur.clear();
        } else {
            cur.push_back(static_cast<char>(c));
        }
    }
    if (!cur.empty()) tokens.push_back(cur);
    return tokens;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input_file answer_file feedback_dir\n", argv[0]);
        return 1;
    }
    feedback_dir = argv[3];
    if (!feedback_dir.empty() && feedback_dir.back() != '/') feedback_dir += '/';

    std::string mode, arg;
    {
        std::ifstream in(argv[1]);
        if (!(in >> mode >> arg)) {
            std::fprintf(stderr, "cannot read input file %s\n", argv[1]);
            return 1;
        }
    }
    std::vector<std::string> tokens = team_tokens();

    if (mode == "encode") {
        if (tokens.size() != 1) verdict(43, "pass 1: expected exactly one word");
        const std::string &w = tokens[0];
        if (w.size() < 1 || w.size() > 7) verdict(43, "pass 1: word must have 1 to 7 letters");
        for (char ch : w)
            if (ch < 'a' || ch > 'z') verdict(43, "pass 1: word must be lowercase letters a-z");
        std::ofstream next(feedback_dir + "nextpass.in");
        next << "decode " << w << "\n";
        next.close();
        if (!next) {
            std::fprintf(stderr, "cannot write nextpass.in\n");
            return 1;
        }
        verdict(42, "pass 1: n=" + arg + " encoded as \"" + w + "\"");
    }
    if (mode == "decode") {
        std::string expected;
        {
            std::ifstream ans(argv[2]);
            if (!(ans >> expected)) {
                std::fprintf(stderr, "cannot read answer file %s\n", argv[2]);
                return 1;
            }
        }
        if (tokens.size() != 1) verdict(43, "pass 2: expected exactly one number");
        if (tokens[0] != expected)
            verdict(43, "pass 2: decoded \"" + tokens[0] + "\", expected " + expected);
        verdict(42, "pass 2: decoded " + expected + " correctly");
    }
    std::fprintf(stderr, "input file starts with unknown word \"%s\"\n", mode.c_str());
    return 1;
}
