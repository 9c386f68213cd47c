# Input validator: one line, an integer 0 <= n <= 10^9 without leading zeros.
import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"(0|[1-9][0-9]{0,9})\n", text) or int(text) > 10**9:
    print("expected one integer 0 <= n <= 10^9 on one line", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
