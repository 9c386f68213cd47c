#!/bin/sh
# Writes 50 MB to standard error, then the right answer (AC): stderr volume
# must neither block the run nor fill memory.
head -c 50000000 /dev/zero >&2
printf 'Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n'
