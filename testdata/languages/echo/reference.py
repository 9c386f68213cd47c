# Reference: the output is the input, unchanged.
import sys

sys.stdout.buffer.write(sys.stdin.buffer.read())
