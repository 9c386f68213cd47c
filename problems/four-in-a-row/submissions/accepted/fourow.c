/* Four in a row, an independent C solution used to test `judge grade`.
 * After every move it scans the whole board for runs of four. */
#include <stdio.h>
#include <string.h>

static char g[6][7];

static int inside(int r, int c) { return r >= 0 && r < 6 && c >= 0 && c < 7; }

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    int ch = getchar();
    for (int n = 1; n <= t; n++) {
        char line[256];
        if (!fgets(line, sizeof line, stdin)) return 1;
        char *moves = strchr(line, ':');
        moves = moves ? moves + 1 : line;
        memset(g, 0, sizeof g);
        int h[7] = {0}, count = 0, invalid = 0, winner = 0;
        char mark[6][7];
        memset(mark, 0, sizeof mark);
        for (char *p = moves; *p; p++) {
            if (*p < '1' || *p > '7') continue;
            if (winner) { invalid = 1; break; }
            int c = *p - '1';
            if (h[c] == 6) { invalid = 1; break; }
            int r = h[c]++;
            char who = (count % 2 == 0) ? 'x' : 'o';
            g[r][c] = who;
            count++;
            int dr[4] = {0, 1, 1, -1}, dc[4] = {1, 0, 1, 1};
            for (int d = 0; d < 4; d++) {
                int a = 0, b = 0;
                while (inside(r - (a + 1) * dr[d], c - (a + 1) * dc[d]) && g[r - (a + 1) * dr[d]][c - (a + 1) * dc[d]] == who) a++;
                while (inside(r + (b + 1) * dr[d], c + (b + 1) * dc[d]) && g[r + (b + 1) * dr[d]][c + (b + 1) * dc[d]] == who) b++;
                if (a + b + 1 >= 4) {
                    winner = who;
                    for (int k = -a; k <= b; k++) mark[r + k * dr[d]][c + k * dc[d]] = 1;
                }
            }
        }
        if (invalid) printf("Game #%d is invalid.\n", n);
        else if (winner) {
            printf("Game #%d is over. The %s player won.\n-------\n", n, winner == 'x' ? "first" : "second");
            for (int r = 5; r >= 0; r--) {
                int any = 0;
                for (int c = 0; c < 7; c++) any |= g[r][c] != 0;
                if (!any) continue;
                for (int c = 0; c < 7; c++) {
                    char x = g[r][c] ? g[r][c] : ' ';
                    if (mark[r][c]) x = x - 'a' + 'A';
                    putchar(x);
                }
                putchar('\n');
            }
            printf("-------\n");
        } else if (count == 42) printf("Game #%d is over. There is no winner.\n", n);
        else printf("Game #%d is not over, yet.\n", n);
    }
    (void)ch;
    return 0;
}
