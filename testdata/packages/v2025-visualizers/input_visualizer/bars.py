#!/usr/bin/env python3
"""Input visualizer for Tallest Bar: draws the bars as a PNG.

Run as `bars.py INPUT ANSWER [--scale N]` (2025-09 "Input visualizer");
writes `testcase.png` in its working folder, as BAPCtools expects. The
PNG is written byte by byte with zlib: the format's advice is to rely on
no library outside the standard one.
"""
import struct
import sys
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(width, height, pixel):
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def main():
    with open(sys.argv[1]) as f:
        f.readline()
        heights = [int(h) for h in f.readline().split()]
    with open(sys.argv[2]) as f:
        answer = int(f.read().split()[0])
    args = sys.argv[3:]
    scale = int(args[args.index("--scale") + 1]) if "--scale" in args else 8
    bar, gap = 2 * scale, scale
    width = gap + len(heights) * (bar + gap)
    height = (max(heights) + 1) * scale

    def pixel(x, y):
        i, within = divmod(x - gap, bar + gap)
        if x < gap or within >= bar or i >= len(heights):
            return (255, 255, 255)
        if y < height - heights[i] * scale:
            return (255, 255, 255)
        # The answer's bar in green, the others grey.
        return (46, 160, 67) if i + 1 == answer else (140, 140, 150)

    with open("testcase.png", "wb") as out:
        out.write(png(width, height, pixel))


main()
