# The layout only: one line holding a number written without sign or
# leading zero. Whether the number is in range is range.py's business.
import re
import sys

text = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"[1-9][0-9]{0,5}\n", text) else 43)
