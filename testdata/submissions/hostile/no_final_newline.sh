#!/bin/sh
# The right answer without the final newline: PE under an exact judge.
printf 'Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n' | head -c -1
