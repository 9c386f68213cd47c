#!/usr/bin/env python2
# Echo: standard input to standard output, unchanged (Python 2 only:
# the print statement below is a syntax error in Python 3).
import sys

data = sys.stdin.read()
print >> sys.stdout, data,
sys.stdout.flush()
