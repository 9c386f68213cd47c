#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
    long n, k = 1, f;
    if (std::scanf("%ld", &n) != 1) return 1;
    for (int i = 1; i + 1 < argc; i++)
        if (std::strcmp(argv[i], "--times") == 0) k *= std::atol(argv[i + 1]);
    if (std::FILE *file = std::fopen("factor.txt", "r")) {
        if (std::fscanf(file, "%ld", &f) == 1) k *= f;
        std::fclose(file);
    }
    std::printf("%ld\n", n * k);
    return 0;
}
