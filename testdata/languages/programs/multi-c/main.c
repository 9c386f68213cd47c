/* The entry point; copy() lives in copy.c, so both files must be built. */
#include <stdio.h>

size_t copy(FILE *input, FILE *output);

int main(void) {
    copy(stdin, stdout);
    return 0;
}
