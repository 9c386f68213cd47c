/* Burns CPU forever: TLE decided on CPU time. */
int main(void) {
    volatile unsigned long n = 0;
    for (;;) n++;
}
