# Output validator (ICPC interface): the layout is right. Exactly one line,
# two numbers separated by one space, ended by a newline.
import re
import sys

feedback = sys.argv[3]
ok = re.fullmatch(rb"[0-9]+ [0-9]+\n", sys.stdin.buffer.read())
with open(feedback + "/judgemessage.txt", "a") as f:
    f.write("layout: ok\n" if ok else "layout: expected 'a b' on one line\n")
sys.exit(42 if ok else 43)
