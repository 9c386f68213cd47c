/* Dereferences NULL: RE with SIGSEGV named. */
#include <stdio.h>
int main(void) {
    int *volatile p = 0;
    printf("%d\n", *p);
    return 0;
}
