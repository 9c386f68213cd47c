/* Right formula, but computed in single precision. The error (about 1e-7
 * relative) passes the problem-wide 1e-6 tolerance but not the 1e-9 of
 * the data/secret/tight group, so this is wrong answer only there. */
#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    float dist = 0.0f, hours = 0.0f;
    for (int i = 0; i < n; i++) {
        int d, v;
        if (scanf("%d %d", &d, &v) != 2) return 1;
        dist += (float)d;
        hours += (float)d / (float)v;
    }
    float speed = dist / hours;
    printf("%.10f\n", (double)speed);
    return 0;
}
