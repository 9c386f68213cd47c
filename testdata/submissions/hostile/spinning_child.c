/* Leaves the work to a child the program never waits for: the child
 * spins, the program sleeps. Only accounting of the whole process tree
 * sees the child's CPU time, so this is TLE on CPU time (not on the wall
 * clock) exactly when the whole tree is measured. */
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        volatile unsigned long n = 0;
        for (;;) n++;
    }
    sleep(100);
    return 0;
}
