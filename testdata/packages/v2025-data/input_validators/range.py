# The bound only: 1 <= n <= MAX (1000, or the value after `--max`
# among the arguments). An input that is no number is format.py's
# business, so it is accepted here.
import sys

args = sys.argv[1:]
limit = int(args[args.index("--max") + 1]) if "--max" in args else 1000
words = sys.stdin.read().split()
try:
    n = int(words[0]) if len(words) == 1 else None
except ValueError:
    n = None
if n is not None and not 1 <= n <= limit:
    print(f"n = {n} is outside 1..{limit}", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
