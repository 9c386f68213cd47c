#!/bin/sh
# Gets no CPU for 2 s, then answers at once: what a program starved on a
# busy machine looks like from outside. Past the wall clock of its first
# run (1.5 s on `tiny`), with nearly no CPU time used, it runs once more
# with a longer wall clock, and is accepted (AC).
sleep 2
printf 'Game #1 is over. The first player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\nGame #2 is not over, yet.\n'
