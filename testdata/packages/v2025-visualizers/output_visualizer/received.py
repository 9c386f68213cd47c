#!/usr/bin/env python3
"""Output visualizer for Tallest Bar: the bars, the expected one outlined
in green and the one the submission named filled in red.

Run as the output validator is (2025-09 "Output visualizer"):
`received.py INPUT ANSWER FEEDBACK_DIR [--title TEXT] < OUTPUT`; writes
`judgeimage.svg` into FEEDBACK_DIR.
"""
import os
import sys
from xml.sax.saxutils import escape


def main():
    with open(sys.argv[1]) as f:
        f.readline()
        heights = [int(h) for h in f.readline().split()]
    with open(sys.argv[2]) as f:
        expected = int(f.read().split()[0])
    feedback = sys.argv[3]
    args = sys.argv[4:]
    title = args[args.index("--title") + 1] if "--title" in args else "sample"
    words = sys.stdin.read().split()
    received = int(words[0]) if words and words[0].isdigit() else None
    unit, bar, gap, top = 10, 20, 10, 30
    width = gap + len(heights) * (bar + gap)
    height = top + max(heights) * unit + 10
    shapes = [
        f'<text x="{gap}" y="18" font-family="sans-serif" font-size="13">'
        f"{escape(title)}: expected {expected}, received "
        f"{received if received is not None else 'nothing readable'}</text>"
    ]
    for i, h in enumerate(heights):
        x = gap + i * (bar + gap)
        y = height - 10 - h * unit
        fill = "#d73a49" if received == i + 1 else "#8c8c96"
        stroke = ' stroke="#2ea043" stroke-width="4"' if expected == i + 1 else ""
        shapes.append(
            f'<rect x="{x}" y="{y}" width="{bar}" height="{h * unit}" fill="{fill}"{stroke}/>'
        )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{max(width, 260)}" height="{height}">'
        + "".join(shapes)
        + "</svg>\n"
    )
    with open(os.path.join(feedback, "judgeimage.svg"), "w") as out:
        out.write(svg)


main()
