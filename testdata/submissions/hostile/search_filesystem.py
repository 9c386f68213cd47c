# Cheats by searching every file it can see for one equal to its input,
# then printing the expected output beside it (.out, or .ans in a
# package). Without a sandbox it finds the test data wherever it is on the
# machine and gets AC; in the sandbox's allow-list view there is no test
# data to find, so it prints nothing (WA).
import os, sys

data = sys.stdin.buffer.read()
skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib32", "/lib64", "/libx32",
        "/bin", "/sbin", "/boot", "/etc", "/var/lib", "/var/cache"}
for top, dirs, files in os.walk("/"):
    dirs[:] = [d for d in dirs if os.path.join(top, d) not in skip]
    for name in files:
        base, ext = os.path.splitext(name)
        if ext != ".in":
            continue
        path = os.path.join(top, name)
        try:
            if os.path.getsize(path) != len(data):
                continue
            with open(path, "rb") as f:
                if f.read() != data:
                    continue
            for answer in (base + ".out", base + ".ans"):
                other = os.path.join(top, answer)
                if os.path.exists(other):
                    with open(other, "rb") as f:
                        sys.stdout.buffer.write(f.read())
                    sys.exit(0)
        except OSError:
            pass
