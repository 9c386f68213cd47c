// Sum of the Euclidean lengths of the legs.
#include <cmath>
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    double px = 0, py = 0, total = 0;
    for (int i = 0; i < n; i++) {
        double x, y;
        if (std::scanf("%lf %lf", &x, &y) != 2) return 1;
        if (i > 0) total += std::hypot(x - px, y - py);
        px = x, py = y;
    }
    std::printf("%.9f\n", total);
    return 0;
}
