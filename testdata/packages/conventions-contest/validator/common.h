// Shared by the validators of the contest: reads n from an input file and
// checks that a stream holds exactly two positive integers adding up to n.
#include <cstdio>
#include <cstdlib>

inline long long read_n(const char* path) {
    FILE* f = std::fopen(path, "r");
    long long n = 0;
    if (!f || std::fscanf(f, "%lld", &n) != 1) std::exit(1);
    std::fclose(f);
    return n;
}

inline bool two_parts(FILE* in, long long n) {
    long long a = 0, b = 0;
    char extra = 0;
    if (std::fscanf(in, "%lld %lld", &a, &b) != 2) return false;
    if (std::fscanf(in, " %c", &extra) == 1) return false;
    return a >= 1 && b >= 1 && a + b == n;
}
