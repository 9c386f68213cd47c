# Prints bytes that are not UTF-8: a plain WA, and the report must survive it.
import sys
sys.stdin.read()
sys.stdout.buffer.write(b"Game #1 is \xff\xfe invalid.\n")
