# WRONG ANSWER (models checking "board full" before "last move won"): once
# all 42 cells are filled the game is reported as a draw, even when the 42nd
# chip completed a line.
import re
import sys

ROWS, COLS = 6, 7
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row, column, both diagonals


def winning_cells(board, row, col):
    """Cells of every line of >= 4 equal chips through (row, col)."""
    me = board[row][col]
    found = []
    for dr, dc in DIRECTIONS:
        line = [(row, col)]
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == me:
                line.append((r, c))
                r, c = r + sign * dr, c + sign * dc
        if len(line) >= 4:
            found.extend(line)
    return found


def play(moves):
    """Returns (verdict, board lines or None)."""
    board = [[" "] * COLS for _ in range(ROWS)]  # row 0 is the bottom
    heights = [0] * COLS
    winner = None
    for i, ch in enumerate(moves):
        if winner is not None:
            return "invalid", None
        col = ord(ch) - ord("1")
        if heights[col] == ROWS:
            return "invalid", None
        row = heights[col]
        heights[col] += 1
        chip = "x" if i % 2 == 0 else "o"
        board[row][col] = chip
        cells = winning_cells(board, row, col)
        if cells:
            winner = i % 2
            for r, c in cells:
                board[r][c] = chip.upper()
    if len(moves) == ROWS * COLS:
        return "draw", None
    if winner is not None:
        lines = ["-------"]
        for row in range(ROWS - 1, -1, -1):
            if any(cell != " " for cell in board[row]):
                lines.append("".join(board[row]))
        lines.append("-------")
        return ("first" if winner == 0 else "second"), lines
    if len(moves) == ROWS * COLS:
        return "draw", None
    return "open", None


def main():
    lines = sys.stdin.read().split("\n")
    t = int(lines[0].split()[0])
    out = []
    for k in range(1, t + 1):
        text = lines[k] if k < len(lines) else ""
        m = re.match(r"\s*Game\s*#\s*(\d+)\s*:\s*([1-7]*)", text)
        number = m.group(1) if m else str(k)
        moves = m.group(2) if m else ""
        verdict, board = play(moves)
        if verdict == "invalid":
            out.append(f"Game #{number} is invalid.")
        elif verdict == "draw":
            out.append(f"Game #{number} is over. There is no winner.")
        elif verdict == "open":
            out.append(f"Game #{number} is not over, yet.")
        else:
            who = "first" if verdict == "first" else "second"
            out.append(f"Game #{number} is over. The {who} player won.")
            out.extend(board)
    sys.stdout.write("".join(line + "\n" for line in out))


main()
