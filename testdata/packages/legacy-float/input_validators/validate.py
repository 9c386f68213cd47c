#!/usr/bin/env python3
"""Input validator for Average Speed: exits 42 iff stdin is exactly
n, then n lines "d v", single spaces, LF line ends, 1 <= n <= 10,
1 <= d, v <= 100, no leading zeros, nothing else."""
import re
import sys

INT = r'(0|[1-9][0-9]*)'


def fail(msg):
    sys.stderr.write(msg + '\n')
    sys.exit(43)


def main():
    data = sys.stdin.buffer.read()
    try:
        text = data.decode('ascii')
    except UnicodeDecodeError:
        fail('input is not ASCII')
    if not text.endswith('\n'):
        fail('input must end with a newline')
    lines = text[:-1].split('\n')
    if not re.fullmatch(INT, lines[0]):
        fail('first line must be an integer')
    n = int(lines[0])
    if not 1 <= n <= 10:
        fail('n out of range: %d' % n)
    if len(lines) != n + 1:
        fail('expected %d leg lines, found %d' % (n, len(lines) - 1))
    for i, line in enumerate(lines[1:], start=2):
        m = re.fullmatch(INT + ' ' + INT, line)
        if not m:
            fail('line %d must be two integers separated by one space' % i)
        d, v = int(m.group(1)), int(m.group(2))
        if not (1 <= d <= 100 and 1 <= v <= 100):
            fail('line %d: value out of range' % i)
    sys.exit(42)


main()
