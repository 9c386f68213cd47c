// Output validator: any two positive integers that add up to n.
#include "common.h"

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    return two_parts(stdin, read_n(argv[1])) ? 42 : 43;
}
