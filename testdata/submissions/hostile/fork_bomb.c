/* Forks without end. Inside the sandbox the process-count limit makes
 * fork fail, every process keeps spinning, and the time limit ends them
 * all (TLE); the PID namespace guarantees none survives. */
#include <unistd.h>
int main(void) {
    for (;;) fork();
}
