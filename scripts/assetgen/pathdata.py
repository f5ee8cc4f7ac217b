"""SVG path data ("d"), read into segments and written back in one plain form.

The plain form spells every number as a decimal with a leading digit, gives
each segment its own command letter (no implicit repetition) and separates
everything with single spaces. SVG and Android's VectorDrawable read path
data with the same grammar, but compact spellings such as "1.5.5" (two
numbers) or "a1 1 0 01 1 1" (packed arc flags) are where parsers differ, so
the generated files never contain them.

Numbers stay decimals (no float rounding): the written path is the same
geometry, digit for digit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

# Arguments per segment of each command (upper and lower case alike).
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}

NUMBER_RE = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
SEPARATOR_RE = re.compile(r"[\s,]*")


class PathDataError(ValueError):
    pass


@dataclass(frozen=True)
class Segment:
    command: str
    args: tuple[Decimal, ...]


def parse(d: str) -> list[Segment]:
    """Reads path data into segments; raises PathDataError on anything the
    SVG path grammar does not allow."""
    segments: list[Segment] = []
    pos = _skip(d, 0)
    command = None
    while pos < len(d):
        char = d[pos]
        if char.upper() in ARITY:
            command = char
            pos = _skip(d, pos + 1)
            if command.upper() == "Z":
                segments.append(Segment(command, ()))
                continue
        elif char.isalpha():
            raise PathDataError(f"unknown command {char!r} at {pos}")
        elif command is None:
            raise PathDataError(f"path data must start with a command, found {char!r} at {pos}")
        elif command.upper() == "Z":
            raise PathDataError(f"numbers after a closepath at {pos}")
        elif command == "M":
            command = "L"  # extra pairs after a moveto are linetos (SVG 1.1, 8.3.2)
        elif command == "m":
            command = "l"
        args, pos = _arguments(d, pos, command)
        segments.append(Segment(command, args))
    if segments and segments[0].command.upper() != "M":
        raise PathDataError("path data must start with a moveto")
    return segments


def _skip(d: str, pos: int) -> int:
    return SEPARATOR_RE.match(d, pos).end()


def _arguments(d: str, pos: int, command: str) -> tuple[tuple[Decimal, ...], int]:
    args: list[Decimal] = []
    for index in range(ARITY[command.upper()]):
        if command.upper() == "A" and index in (3, 4):
            # Flags are one character each and need no separator.
            if pos >= len(d) or d[pos] not in "01":
                raise PathDataError(f"arc flag expected at {pos}")
            args.append(Decimal(d[pos]))
            pos = _skip(d, pos + 1)
            continue
        match = NUMBER_RE.match(d, pos)
        if not match:
            raise PathDataError(f"{command}: number {index + 1} of {ARITY[command.upper()]} expected at {pos}")
        args.append(Decimal(match.group()))
        pos = _skip(d, match.end())
    if command.upper() == "A" and (args[0] < 0 or args[1] < 0):
        raise PathDataError(f"arc with a negative radius at {pos}")
    return tuple(args), pos


def number(value: Decimal | int) -> str:
    """A decimal as plain digits: no exponent, no trailing zeros, no "-0"."""
    if value == 0:
        return "0"
    return format(Decimal(value).normalize(), "f")


def write(segments: list[Segment]) -> str:
    return " ".join(seg.command + " ".join(number(a) for a in seg.args) for seg in segments)


def normalize(d: str) -> str:
    return write(parse(d))


def circle(cx: Decimal, cy: Decimal, r: Decimal) -> str:
    """A circle as two half-circle arcs, the path SVG's <circle> stands for."""
    if r <= 0:
        raise PathDataError(f"circle radius {r} is not positive")
    left, right = number(cx - r), number(cx + r)
    radius, y = number(r), number(cy)
    return f"M{left} {y} A{radius} {radius} 0 1 0 {right} {y} A{radius} {radius} 0 1 0 {left} {y} Z"
