// Fewest coins by dynamic programming over the amount, then walk back.
#include <cstdio>
#include <vector>

int main() {
    int k, amount;
    if (std::scanf("%d %d", &k, &amount) != 2) return 1;
    std::vector<int> coin(k);
    for (int &c : coin) std::scanf("%d", &c);
    const int INF = 1 << 30;
    std::vector<int> best(amount + 1, INF), used(amount + 1, 0);
    best[0] = 0;
    for (int a = 1; a <= amount; a++)
        for (int c : coin)
            if (c <= a && best[a - c] + 1 < best[a]) best[a] = best[a - c] + 1, used[a] = c;
    std::printf("%d\n", best[amount]);
    for (int a = amount; a > 0; a -= used[a]) std::printf("%d%c", used[a], a - used[a] > 0 ? ' ' : '\n');
    return 0;
}
