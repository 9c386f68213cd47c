# Cheats: looks for the expected outputs next to the inputs and prints the
# one that belongs to this input. Without a sandbox this gets AC; inside
# the sandbox the problems folder is hidden, so it prints nothing (WA).
import os, sys

data = sys.stdin.read()
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
for top in (os.path.join(root, "testdata", "grading"), os.path.join(root, "problems")):
    for folder, _, files in os.walk(top):
        for name in files:
            if not name.endswith(".in"):
                continue
            try:
                with open(os.path.join(folder, name)) as f:
                    if f.read() != data:
                        continue
                with open(os.path.join(folder, name[:-3] + ".out")) as f:
                    sys.stdout.write(f.read())
                    sys.exit(0)
            except OSError:
                pass
