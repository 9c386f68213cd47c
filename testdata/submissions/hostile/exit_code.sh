#!/bin/sh
# Exits with status 3 after reading its input: RE with the exit code.
cat > /dev/null
exit 3
