# DELIBERATELY WRONG Four in a row solution, a target for `judge stress`.
# It checks rows, columns and the rising diagonal (/) but never the falling
# diagonal (\): a game won only on a \ line is reported as still going (or a
# later move as valid). Everything else matches the reference output.
import sys

ROWS, COLS = 6, 7
DIRS = [(0, 1), (1, 0), (1, 1)]  # the (-1, 1) direction is missing on purpose


def play(moves):
    board = [[None] * COLS for _ in range(ROWS)]
    marked = [[False] * COLS for _ in range(ROWS)]
    heights = [0] * COLS
    winner = None
    for i, col in enumerate(moves):
        if winner is not None or heights[col] == ROWS:
            return "invalid", None
        row = heights[col]
        heights[col] += 1
        chip = "x" if i % 2 == 0 else "o"
        board[row][col] = chip
        for dr, dc in DIRS:
            def run(sign):
                k = 0
                while True:
                    r, c = row + sign * (k + 1) * dr, col + sign * (k + 1) * dc
                    if 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == chip:
                        k += 1
                    else:
                        return k
            back, fwd = run(-1), run(1)
            if back + 1 + fwd >= 4:
                winner = chip
                for k in range(-back, fwd + 1):
                    marked[row + k * dr][col + k * dc] = True
    if winner is not None:
        return "won", (winner, board, marked)
    return ("draw" if len(moves) == ROWS * COLS else "open"), None


def main():
    lines = sys.stdin.read().split("\n")
    t = int(lines[0])
    out = []
    for n in range(1, t + 1):
        text = lines[n].split(":", 1)[1]
        moves = [int(ch) - 1 for ch in text if ch in "1234567"]
        status, won = play(moves)
        if status == "invalid":
            out.append(f"Game #{n} is invalid.")
        elif status == "draw":
            out.append(f"Game #{n} is over. There is no winner.")
        elif status == "open":
            out.append(f"Game #{n} is not over, yet.")
        else:
            winner, board, marked = won
            who = "first" if winner == "x" else "second"
            out.append(f"Game #{n} is over. The {who} player won.")
            out.append("-------")
            for r in range(ROWS - 1, -1, -1):
                if all(cell is None for cell in board[r]):
                    continue
                row = ""
                for c in range(COLS):
                    cell = board[r][c]
                    if cell is None:
                        row += " "
                    else:
                        row += cell.upper() if marked[r][c] else cell
                out.append(row)
            out.append("-------")
    sys.stdout.write("".join(line + "\n" for line in out))


main()
