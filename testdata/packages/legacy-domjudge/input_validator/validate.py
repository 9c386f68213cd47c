"""One line: an integer n with 2 <= n <= 1000."""
import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"[1-9][0-9]*\n", text):
    sys.exit(43)
sys.exit(42 if 2 <= int(text) <= 1000 else 43)
