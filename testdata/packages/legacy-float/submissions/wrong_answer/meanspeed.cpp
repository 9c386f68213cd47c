// Classic mistake: the plain mean of the leg speeds, ignoring how long
// each leg took. Far outside the tolerance whenever the speeds differ.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        int d, v;
        if (std::scanf("%d %d", &d, &v) != 2) return 1;
        sum += v;
    }
    std::printf("%.10f\n", sum / n);
    return 0;
}
