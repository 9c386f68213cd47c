/* Compiles an expected output into the binary (.incbin) and prints it.
 * Compiled outside a sandbox, as the user running judge, this gets AC;
 * compiled in the sandbox the file does not exist (CE).
 * The test replaces @ANSWER@ with the answer file's absolute path. */
#include <stdio.h>
__asm__(".section .rodata\n.global stolen\nstolen:\n.incbin \"@ANSWER@\"\n.byte 0\n.previous\n");
extern const char stolen[];
int main(void) {
    fputs(stolen, stdout);
    return 0;
}
