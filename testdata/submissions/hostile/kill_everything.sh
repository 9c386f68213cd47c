#!/bin/sh
# Tries to take the grader down with it: kills its parent (the launcher)
# and then every process it may signal (`kill -9 -1`, as root: the whole
# machine), and finally prints the right answer. Its own PID namespace
# confines both, so the run goes on and it gets AC.
kill -9 "$PPID" 2>/dev/null
kill -9 -1 2>/dev/null
printf 'Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n'
