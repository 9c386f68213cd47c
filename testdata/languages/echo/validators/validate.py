"""Input validator (exit 42 valid): printable ASCII text (tabs allowed),
lines ending in LF, a final newline, at most 64 KiB: what every echo
program must copy exactly, in any language's text mode."""
import sys

data = sys.stdin.buffer.read()
if not data or not data.endswith(b"\n"):
    print("expected text ending with a newline", file=sys.stderr)
    sys.exit(43)
if len(data) > 64 * 1024:
    print(f"{len(data)} bytes: at most 64 KiB", file=sys.stderr)
    sys.exit(43)
for line_no, line in enumerate(data[:-1].split(b"\n"), 1):
    bad = [b for b in line if not (32 <= b < 127 or b == 9)]
    if bad:
        print(f"line {line_no}: byte {bad[0]} is not printable ASCII", file=sys.stderr)
        sys.exit(43)
sys.exit(42)
