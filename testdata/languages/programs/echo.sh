#!/bin/bash
# Echo: standard input to standard output, unchanged, with bash builtins
# only: IFS= and -r keep spaces and backslashes, and a last line without
# a newline is left in $line when read fails.
while IFS= read -r line; do
    printf '%s\n' "$line"
done
if [[ -n $line ]]; then
    printf '%s' "$line"
fi
