// Output validator for Two Primes (ICPC output validator interface).
//
//   validator input_file answer_file feedback_dir [flags] < team_output
//
// Accepts (exit 42) iff the team printed exactly two integers p and q,
// both prime, with p + q = n. Otherwise exit 43. The reason goes to
// feedback_dir/judgemessage.txt. The answer file holds one valid pair but
// is not needed: any valid pair is accepted.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static std::string feedback_dir;

static void message(const std::string &text) {
    std::ofstream out(feedback_dir + "judgemessage.txt", std::ios::app);
    out << text << "\n";
}

[[noreturn]] static void accept(const std::string &text) {
    message(text);
    std::exit(42);
}

[[noreturn]] static void reject(const std::string &text) {
    message(text);
    std::exit(43);
}

[[noreturn]] static void judge_error(const std::string &text) {
    std::fprintf(stderr, "judge error: %s\n", text.c_str());
    message("judge error: " + text);
    std::exit(1);
}

static bool is_prime(long x) {
    if (x < 2) return false;
    for (long d = 2; d * d <= x; d++)
        if (x % d == 0) return false;
    return true;
}

// A token is a number here only if it is 1 to 7 decimal digits.
static bool parse_number(const std::string &tok, long &value) {
    if (tok.empty() || tok.size() > 7) return false;
    value = 0;
    for (char ch : tok) {
        if (ch < '0' || ch > '9') return false;
        value = value * 10 + (ch - '0');
    }
    return true;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input_file answer_file feedback_dir < team_output\n", argv[0]);
        return 1;
    }
    feedback_dir = argv[3];
    if (!feedback_dir.empty() && feedback_dir.back() != '/') feedback_dir += '/';

    long n = 0;
    {
        std::ifstream in(argv[1]);
        if (!(in >> n)) judge_error("cannot read n from the input file");
    }

    // Read at most 1 MiB of team output and split it on whitespace.
    std::vector<std::string> tokens;
    std::string cur;
    size_t total = 0;
    int c;
    while ((c = std::getchar()) != EOF) {
        if (++total > (1u << 20)) reject("team output is far too long");
        if (std::isspace(c)) {
            if (!cur.empty()) tokens.push_back(cur), cur.clear();
        } else {
            cur.push_back(static_cast<char>(c));
        }
    }
    if (!cur.empty()) tokens.push_back(cur);

    if (tokens.size() != 2) {
        std::ostringstream m;
        m << "expected exactly two numbers, got " << tokens.size() << " tokens";
        reject(m.str());
    }
    long p, q;
    if (!parse_number(tokens[0], p) || !parse_number(tokens[1], q))
        reject("output tokens must be non-negative integers of at most 7 digits");

    std::ostringstream m;
    m << "n=" << n << ", team printed " << p << " " << q << ": ";
    if (p + q != n) reject(m.str() + "the sum is not n");
    if (!is_prime(p)) reject(m.str() + std::to_string(p) + " is not prime");
    if (!is_prime(q)) reject(m.str() + std::to_string(q) + " is not prime");
    accept(m.str() + "correct");
}
