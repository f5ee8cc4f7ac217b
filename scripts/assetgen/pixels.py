"""Comparing two renderings pixel by pixel."""

from __future__ import annotations

from .png import Image


def over_grey(image: Image) -> bytes:
    """RGB of the image laid over mid grey, so a transparent pixel differs
    from both a white and a black one."""
    rgba = image.rgba()
    alpha = rgba[3::4]
    rgb = bytearray(len(alpha) * 3)
    if alpha.count(255) == len(alpha):
        for channel in range(3):
            rgb[channel::3] = rgba[channel::4]
        return bytes(rgb)
    for i, a in enumerate(alpha):
        for channel in range(3):
            rgb[3 * i + channel] = (rgba[4 * i + channel] * a + 128 * (255 - a) + 127) // 255
    return bytes(rgb)


def differing_fraction(a: Image, b: Image, threshold: int = 32) -> float:
    """The share of pixels whose colour (over grey) differs by more than
    `threshold` of 255 in a channel; 1 for images of different sizes."""
    if (a.width, a.height) != (b.width, b.height):
        return 1.0
    ga, gb = over_grey(a), over_grey(b)
    stride = a.width * 3
    different = 0
    for row in range(0, len(ga), stride):
        if ga[row : row + stride] == gb[row : row + stride]:
            continue  # most rows of two renderings of one drawing are equal
        for i in range(row, row + stride, 3):
            if max(abs(ga[i] - gb[i]), abs(ga[i + 1] - gb[i + 1]), abs(ga[i + 2] - gb[i + 2])) > threshold:
                different += 1
    return different / (a.width * a.height)
