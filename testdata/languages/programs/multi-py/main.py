# The entry point: judge picks main.py; util.py must be importable beside it.
import sys

import util

util.copy(sys.stdin.buffer, sys.stdout.buffer)
