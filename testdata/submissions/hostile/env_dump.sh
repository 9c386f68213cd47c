#!/bin/sh
# Prints every environment it can find (its own and its parent's): a secret
# in judge's environment must not be among them (WA, and the report shows
# this output).
env
tr '\0' '\n' < /proc/$PPID/environ 2>/dev/null
tr '\0' '\n' < /proc/1/environ 2>/dev/null
exit 0
