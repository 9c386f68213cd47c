"""Static validator for Short Sum.

    check.py language entry_point feedback_dir [--max-bytes N]

Run in a folder holding the submission's files. Rejects (exit 43) a
submission whose entry file is longer than N bytes, or a C or C++ one
that includes <bits/stdc++.h>; accepts (exit 42) the rest.
"""

import os
import re
import sys


def verdict(code, why):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "a") as f:
        f.write(why + "\n")
    sys.exit(code)


def main():
    language, entry = sys.argv[1], sys.argv[2]
    rest = sys.argv[4:]
    limit = int(rest[rest.index("--max-bytes") + 1]) if "--max-bytes" in rest else None
    with open(entry, "rb") as f:
        source = f.read()
    if limit is not None and len(source) > limit:
        verdict(43, f"{entry} has {len(source)} bytes, more than {limit}")
    if language in ("c", "cpp") and re.search(rb"#\s*include\s*<bits/stdc\+\+\.h>", source):
        verdict(43, f"{entry} includes <bits/stdc++.h>")
    verdict(42, f"{entry} ({language}, {len(source)} bytes) is fine")


main()
