"""Reading and writing the PNG files rsvg-convert produces: 8-bit RGB or
RGBA, not interlaced. Enough to compare renderings pixel by pixel and to
write the iOS app icon without an alpha channel, which the App Store refuses.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # colour type -> samples per pixel


class PngError(ValueError):
    pass


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    channels: int  # 3 (RGB) or 4 (RGBA)
    pixels: bytes  # rows top to bottom, no filter bytes

    def rgba(self) -> bytes:
        if self.channels == 4:
            return self.pixels
        out = bytearray()
        for i in range(0, len(self.pixels), 3):
            out += self.pixels[i : i + 3] + b"\xff"
        return bytes(out)


def read(data: bytes) -> Image:
    if not data.startswith(SIGNATURE):
        raise PngError("not a PNG file")
    pos = len(SIGNATURE)
    header = None
    compressed = bytearray()
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    if header is None:
        raise PngError("no IHDR chunk")
    width, height, depth, color_type, _, _, interlace = header
    if depth != 8 or color_type not in CHANNELS or interlace != 0:
        raise PngError(f"only 8-bit RGB/RGBA without interlacing is read (depth {depth}, type {color_type})")
    channels = CHANNELS[color_type]
    return Image(width, height, channels, _unfilter(zlib.decompress(bytes(compressed)), width, height, channels))


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> bytes:
    stride = width * bpp
    if len(raw) != height * (stride + 1):
        raise PngError("image data has the wrong length")
    out = bytearray(height * stride)
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        if kind == 1:
            for x in range(bpp, stride):
                row[x] = (row[x] + row[x - bpp]) & 0xFF
        elif kind == 2:
            for x in range(stride):
                row[x] = (row[x] + previous[x]) & 0xFF
        elif kind == 3:
            for x in range(stride):
                left = row[x - bpp] if x >= bpp else 0
                row[x] = (row[x] + ((left + previous[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                a = row[x - bpp] if x >= bpp else 0
                b = previous[x]
                c = previous[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                row[x] = (row[x] + predictor) & 0xFF
        elif kind != 0:
            raise PngError(f"unknown filter type {kind}")
        out[y * stride : (y + 1) * stride] = row
        previous = row
    return bytes(out)


def write(image: Image) -> bytes:
    """The image as PNG, every row filtered with "up" (small for flat art)."""
    color_type = {3: 2, 4: 6}[image.channels]
    stride = image.width * image.channels
    raw = bytearray()
    previous = bytes(stride)
    for y in range(image.height):
        row = image.pixels[y * stride : (y + 1) * stride]
        raw.append(2)
        raw += bytes((row[x] - previous[x]) & 0xFF for x in range(stride))
        previous = row
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, color_type, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def without_alpha(image: Image) -> Image:
    """The RGB of a fully opaque image; refuses any transparent pixel."""
    if image.channels == 3:
        return image
    alpha = image.pixels[3::4]
    if alpha.count(255) != len(alpha):
        raise PngError("the image has transparent pixels")
    rgb = bytearray()
    for i in range(0, len(image.pixels), 4):
        rgb += image.pixels[i : i + 3]
    return Image(image.width, image.height, 3, bytes(rgb))
