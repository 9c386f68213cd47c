// Output validator for Exact Change (2025-09 output validator interface).
//
//   change input_file answer_file feedback_dir [no_score] < team_output
//
// The team must print m, then m coin values, each one of the problem's
// denominations, adding up to A. Wrong or malformed output: exit 43.
// Correct: exit 42 and, unless "no_score" is given (data/sample does),
// write feedback_dir/score_multiplier.txt = best / m, where best (the
// fewest coins possible) is the first number of answer_file.
// A correct answer with fewer than best coins means the answer file is
// wrong: that is a judge error (exit 1).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

static std::string feedback_dir;

static void append(const std::string &file, const std::string &text) {
    std::ofstream out(feedback_dir + file, std::ios::app);
    out << text << "\n";
}

[[noreturn]] static void wrong(const std::string &why) {
    append("judgemessage.txt", "wrong answer: " + why);
    std::exit(43);
}

[[noreturn]] static void judge_error(const std::string &why) {
    std::fprintf(stderr, "judge error: %s\n", why.c_str());
    append("judgemessage.txt", "judge error: " + why);
    std::exit(1);
}

// Non-negative integer of 1..7 digits; anything else is not a number here.
static bool number(const std::string &t, long &v) {
    if (t.empty() || t.size() > 7) return false;
    v = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    return true;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input_file answer_file feedback_dir [no_score]\n", argv[0]);
        return 1;
    }
    feedback_dir = argv[3];
    if (!feedback_dir.empty() && feedback_dir.back() != '/') feedback_dir += '/';
    bool write_score = true;
    for (int i = 4; i < argc; i++) {
        if (std::strcmp(argv[i], "no_score") == 0) write_score = false;
        else judge_error(std::string("unknown argument ") + argv[i]);
    }

    long k = 0, amount = 0, best = 0;
    std::vector<long> coins;
    {
        std::ifstream in(argv[1]);
        if (!(in >> k >> amount) || k < 1) judge_error("cannot read the input file");
        coins.resize(k);
        for (long &c : coins)
            if (!(in >> c)) judge_error("cannot read the coin values");
        std::ifstream ans(argv[2]);
        if (!(ans >> best) || best < 1) judge_error("cannot read the answer file");
    }

    std::vector<std::string> tokens;
    {
        std::string cur;
        size_t total = 0;
        int c;
        while ((c = std::getchar()) != EOF) {
            if (++total > (1u << 20)) wrong("output is far too long");
            if (std::isspace(c)) {
                if (!cur.empty()) tokens.push_back(cur), cur.clear();
            } else {
                cur.push_back(static_cast<char>(c));
            }
        }
        if (!cur.empty()) tokens.push_back(cur);
    }
    if (tokens.empty()) wrong("empty output");
    long m;
    if (!number(tokens[0], m) || m < 1) wrong("the first token must be the number of coins, at least 1");
    if (static_cast<long>(tokens.size()) - 1 != m)
        wrong("expected " + std::to_string(m) + " coin values after the count, found " +
              std::to_string(tokens.size() - 1));
    long sum = 0;
    for (long i = 1; i <= m; i++) {
        long v;
        if (!number(tokens[i], v) || std::find(coins.begin(), coins.end(), v) == coins.end())
            wrong("\"" + tokens[i] + "\" is not one of the coin values");
        sum += v;
    }
    if (sum != amount)
        wrong("the coins add up to " + std::to_string(sum) + ", not " + std::to_string(amount));
    if (m < best)
        judge_error("team paid with " + std::to_string(m) + " coins, fewer than the answer file's " +
                    std::to_string(best));

    append("judgemessage.txt", "paid with " + std::to_string(m) + " coins, best is " + std::to_string(best));
    if (write_score) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.9f", static_cast<double>(best) / m);
        std::ofstream out(feedback_dir + "score_multiplier.txt");
        out << buf << "\n";
    }
    return 42;
}
