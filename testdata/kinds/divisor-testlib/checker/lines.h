/* Line reading for the checker: one line without its newline, and whether
 * it had spaces around its word. */
#include <stdio.h>
#include <string.h>

/* Reads a line into buf (at most size-1 bytes); returns 0 at end of file. */
static int read_line(FILE *f, char *buf, size_t size) {
    if (!fgets(buf, (int)size, f)) return 0;
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '\n') buf[--n] = '\0';
    return 1;
}

/* The word of a line with its spaces cut off; *spaced tells whether any were. */
static char *trim(char *line, int *spaced) {
    char *start = line;
    while (*start == ' ' || *start == '\t' || *start == '\r') start++;
    char *end = start + strlen(start);
    while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    *spaced = (start != line) || (*end != '\0');
    *end = '\0';
    return start;
}
