/* Writes 1 GiB to standard output (OLE). */
#include <stdio.h>
#include <string.h>
int main(void) {
    static char line[1 << 16];
    memset(line, 'a', sizeof line);
    for (int i = 0; i < (1 << 14); i++) fwrite(line, 1, sizeof line, stdout);
    return 0;
}
