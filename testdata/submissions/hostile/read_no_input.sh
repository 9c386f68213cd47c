#!/bin/sh
# Never reads its input, prints the right answer (AC): an unread stdin must
# not block the harness.
printf 'Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n'
