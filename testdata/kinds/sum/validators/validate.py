"""Input validator (exit 42 valid): n (1..1000), then n integers a with
|a| <= MAX on one line, single spaces. `--max MAX` comes from the group's
validator_args (1000 for small inputs, 10^9 for large)."""
import re
import sys

limit = 10**9
if "--max" in sys.argv:
    limit = int(sys.argv[sys.argv.index("--max") + 1])
text = sys.stdin.buffer.read().decode("ascii", "replace")
match = re.fullmatch(r"([1-9][0-9]*)\n(-?(?:0|[1-9][0-9]*)(?: -?(?:0|[1-9][0-9]*))*)\n", text)
if not match:
    print("expected n, then one line of integers", file=sys.stderr)
    sys.exit(43)
n = int(match.group(1))
values = [int(v) for v in match.group(2).split(" ")]
if not 1 <= n <= 1000 or len(values) != n:
    print(f"n = {n} with {len(values)} values", file=sys.stderr)
    sys.exit(43)
if any(abs(v) > limit for v in values) or "-0" in match.group(2).split(" "):
    print(f"a value outside -{limit}..{limit} (or -0)", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
