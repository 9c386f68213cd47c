/* Average Speed: total distance over total time, in double precision. */
#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    double dist = 0.0, hours = 0.0;
    for (int i = 0; i < n; i++) {
        int d, v;
        if (scanf("%d %d", &d, &v) != 2) return 1;
        dist += d;
        hours += (double)d / v;
    }
    printf("%.10f\n", dist / hours);
    return 0;
}
