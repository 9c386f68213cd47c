#!/bin/sh
# Tries to leave a file where no program may write: the machine's shared
# temporary folders and the folder above the one it runs in. It prints
# where it managed to (WA either way); the tests then look for the file
# on the host: without a sandbox it is there, with one it must not be.
for dir in /tmp /var/tmp /dev/shm "$PWD/.."; do
    if echo escaped 2>/dev/null > "$dir/judge-escaped-write.txt"; then
        echo "wrote $dir"
    fi
done
exit 0
