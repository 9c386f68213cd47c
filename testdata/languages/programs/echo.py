# Echo: standard input to standard output, unchanged.
import sys

for line in sys.stdin.buffer:
    sys.stdout.buffer.write(line)
