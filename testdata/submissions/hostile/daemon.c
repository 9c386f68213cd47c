/* Leaves a daemon behind: forks twice, starts a new session, renames
 * itself "hostiledaemon" and sleeps, while the program itself exits at
 * once (WA: it prints nothing). The test looks for that name afterwards:
 * no process may outlive its case, with or without the sandbox. */
#include <sys/prctl.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            prctl(PR_SET_NAME, "hostiledaemon");
            sleep(30);
        }
        _exit(0);
    }
    return 0;
}
