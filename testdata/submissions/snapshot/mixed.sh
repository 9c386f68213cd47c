#!/bin/sh
# For the report snapshots: one verdict per case of testdata/grading/verdicts,
# chosen by the game's moves. Right on 123456 (AC), wrong winner on
# 2143563445575 (WA), right but with a trailing space on 1122334 (PE under
# `exact`), and exit code 3 on anything else (RE).
read -r count
read -r game
case "$game" in
*": 123456") echo "Game #1 is not over, yet." ;;
*": 2143563445575")
  printf 'Game #1 is over. The second player won.\n-------\n    X  \n   Xx  \n  Xoo  \noXoxxoo\n-------\n' ;;
*": 1122334")
  printf 'Game #1 is over. The first player won. \n-------\nooo    \nXXXX   \n-------\n' ;;
*) echo "unexpected input: $count games" >&2; exit 3 ;;
esac
