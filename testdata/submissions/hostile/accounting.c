/* Measures itself: forks a child, both burn about 0.3 s of CPU time and
 * touch 100 MB, the parent waits, then prints to standard error the CPU
 * time and peak memory the kernel accounted to them (getrusage of itself
 * and its waited-for child). The test compares judge's figures with
 * these. It exits with status 1 (RE) so the report keeps its stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static void burn(double seconds) {
    struct timespec t;
    volatile unsigned long n = 0;
    do {
        for (int i = 0; i < 100000; i++) n++;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while (t.tv_sec + t.tv_nsec / 1e9 < seconds);
}
int main(void) {
    char *block = malloc(100 << 20);
    memset(block, 1, 100 << 20);
    pid_t child = fork();
    burn(0.3);
    if (child == 0) return block[12345] - 1;
    waitpid(child, NULL, 0);
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    double cpu = self.ru_utime.tv_sec + self.ru_utime.tv_usec / 1e6 + self.ru_stime.tv_sec
               + self.ru_stime.tv_usec / 1e6 + kids.ru_utime.tv_sec + kids.ru_utime.tv_usec / 1e6
               + kids.ru_stime.tv_sec + kids.ru_stime.tv_usec / 1e6;
    fprintf(stderr, "kernel cpu_ms %.1f max_rss_kib %ld\n", cpu * 1e3, self.ru_maxrss);
    return 1;
}
