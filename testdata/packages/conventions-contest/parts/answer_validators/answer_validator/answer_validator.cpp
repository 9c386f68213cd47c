// Answer validator: the answer file (stdin) must itself be a right answer
// for the input file (argv[1]).
#include "common.h"

int main(int argc, char** argv) {
    if (argc < 2) return 1;
    return two_parts(stdin, read_n(argv[1])) ? 42 : 43;
}
