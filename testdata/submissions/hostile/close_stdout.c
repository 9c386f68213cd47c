/* Closes standard output, then keeps running (TLE, no output). */
#include <unistd.h>
int main(void) {
    close(1);
    volatile unsigned long n = 0;
    for (;;) n++;
}
