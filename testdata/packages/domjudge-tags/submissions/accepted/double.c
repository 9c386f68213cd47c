/* Tagged with two results; in accepted/ only the folder's counts. */
/* @EXPECTED_RESULTS@: correct, Wrong_Answer */
#include <stdio.h>
int main(void) { long x; if (scanf("%ld", &x) != 1) return 1; printf("%ld\n", 2 * x); return 0; }
