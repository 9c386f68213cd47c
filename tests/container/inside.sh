#!/bin/sh
# Run inside judge's container (tests/container/run.sh): the hostile
# suite gets the verdicts it gets under bubblewrap on the host, and every
# accepted submission of a fixture package is AC. The repository is
# mounted read-only at /src; everything is written under /tmp.
set -u
fail=0
mkdir -p /tmp/r
judge sandbox > /tmp/sandbox.txt 2>&1 || { cat /tmp/sandbox.txt; exit 1; }
sed -n '1,12p' /tmp/sandbox.txt
grep -q "^layer in force: landlock\|^layer in force: bubblewrap" /tmp/sandbox.txt || fail=1
# name, expected verdict, extra options
while read -r name verdict extra; do
    [ -z "$name" ] && continue
    out=/tmp/r/$name
    # shellcheck disable=SC2086
    CI=1 judge --color never --problems /src/testdata/grading grade tiny \
        "/src/testdata/submissions/hostile/$name" --sandbox on --no-cache \
        --report-dir "$out" $extra > "$out.log" 2>&1
    got=$(sed -n 's/^verdicts: \([A-Z]*\) .*/\1/p' "$out.log" | head -n 1)
    if [ "$got" = "$verdict" ]; then
        printf '  ok    %-24s %s\n' "$name" "$got"
    else
        printf '  FAIL  %-24s expected %s, got %s\n' "$name" "$verdict" "${got:-nothing}"
        tail -n 5 "$out.log"
        fail=1
    fi
done <<'LIST'
infinite_loop.c TLE
spinning_child.c TLE
sleep_forever.sh TLE
alloc_600m.c MLE --memory-limit 256MiB
alloc_600m_checked.c MLE --memory-limit 256MiB
alloc_2g_checked.c MLE --memory-limit 256MiB
alloc_100m.c AC --memory-limit 256MiB
alloc_4g.c MLE
huge_output.c OLE
segfault.c RE
exit_code.sh RE
fork_bomb.c TLE
daemon.c WA
kill_everything.sh AC
search_filesystem.py WA
connect_localhost.py WA
env_dump.sh WA
read_no_input.sh AC
write_outside.sh WA
LIST
# write_outside.sh is WA anyway: what matters is that its file is nowhere.
for f in /tmp/judge-escaped-write.txt /var/tmp/judge-escaped-write.txt; do
    if [ -e "$f" ]; then
        printf '  FAIL  write_outside.sh left %s\n' "$f"
        fail=1
    fi
done
# Every submission of testdata's problem folders keeps its promise
# (accepted ones AC; a language this image lacks is skipped, and said):
# judge's own exit code says so. Copied, as judge's cache and the
# generated data go beside them.
for set in kinds packages grading; do
    cp -r "/src/testdata/$set" "/tmp/$set"
    # Refused by judge anywhere (`require_pass` is not read yet).
    rm -rf /tmp/packages/v2025-scoring
    if CI=1 JUDGE_CACHE_DIR=/tmp/cache judge --color never --problems "/tmp/$set" check \
        --sandbox on --report-dir "/tmp/r/$set" > "/tmp/r/$set.log" 2>&1; then
        printf '  ok    testdata/%-15s %s\n' "$set" "$(grep '^submissions:' "/tmp/r/$set.log")"
    else
        printf '  FAIL  testdata/%s\n' "$set"
        grep -E 'not as promised|FAIL|error' "/tmp/r/$set.log" | head -n 20
        tail -n 5 "/tmp/r/$set.log"
        fail=1
    fi
done
exit $fail
