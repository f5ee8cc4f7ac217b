"""Android VectorDrawable XML from a drawing (svgmodel.Drawing).

Every attribute used is in VectorDrawable's documented set: <vector> width,
height, viewportWidth, viewportHeight; <group> translateX/Y, rotation,
scaleX/Y (applied scale, then rotation, then translation, about a pivot left
at 0); <path> pathData, fillColor, fillType (API 24+, the app's minSdk),
strokeColor, strokeWidth, strokeLineCap, strokeLineJoin, strokeMiterLimit.
"""

from __future__ import annotations

import math
from decimal import Decimal
from xml.sax.saxutils import quoteattr

from .pathdata import number
from .svgmodel import ConversionError, Drawing, Group, Matrix, Shape

# VectorDrawable's own defaults: attributes equal to them are left out.
DEFAULT_MITER_LIMIT = Decimal(4)


def write(drawing: Drawing, comment: str, size_dp: Decimal | None = None) -> str:
    """The drawing as a VectorDrawable whose intrinsic size is `size_dp`
    (the viewport's size when None)."""
    if "--" in comment:
        raise ValueError("an XML comment cannot contain --")
    width = size_dp if size_dp is not None else drawing.width
    height = size_dp if size_dp is not None else drawing.height
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f"<!-- {comment} -->",
        '<vector xmlns:android="http://schemas.android.com/apk/res/android"',
        f'    android:width="{number(width)}dp"',
        f'    android:height="{number(height)}dp"',
        f'    android:viewportWidth="{number(drawing.width)}"',
        f'    android:viewportHeight="{number(drawing.height)}">',
    ]
    for node in drawing.children:
        _node(node, 1, lines)
    lines.append("</vector>")
    return "\n".join(lines) + "\n"


def _node(node: Group | Shape, depth: int, lines: list[str]) -> None:
    indent = "    " * depth
    if isinstance(node, Group):
        lines.append(f"{indent}<group")
        _attributes(group_attributes(node.matrix), indent, lines, ">")
        for child in node.children:
            _node(child, depth + 1, lines)
        lines.append(f"{indent}</group>")
    else:
        lines.append(f"{indent}<path")
        _attributes(path_attributes(node), indent, lines, " />")


def _attributes(attributes: list[tuple[str, str]], indent: str, lines: list[str], end: str) -> None:
    for index, (name, value) in enumerate(attributes):
        close = end if index == len(attributes) - 1 else ""
        lines.append(f"{indent}    android:{name}={quoteattr(value)}{close}")


def path_attributes(shape: Shape) -> list[tuple[str, str]]:
    style = shape.style
    attributes: list[tuple[str, str]] = []
    if style.fill is not None:
        attributes.append(("fillColor", style.fill.upper()))
        if style.fill_rule == "evenodd":
            attributes.append(("fillType", "evenOdd"))
    attributes.append(("pathData", shape.d))
    # SVG draws no stroke 0 wide; a 0-wide Android stroke would be a hairline.
    if style.stroke is not None and style.stroke_width > 0:
        attributes += [
            ("strokeColor", style.stroke.upper()),
            ("strokeWidth", number(style.stroke_width)),
            ("strokeLineCap", style.linecap),
            ("strokeLineJoin", style.linejoin),
        ]
        if style.linejoin == "miter" and style.miterlimit != DEFAULT_MITER_LIMIT:
            attributes.append(("strokeMiterLimit", number(style.miterlimit)))
    return attributes


def group_attributes(matrix: Matrix) -> list[tuple[str, str]]:
    """A group's transform as translation · rotation · scale, the only
    transforms a VectorDrawable group has; a skewed matrix is refused."""
    a, b, c, d, e, f = (float(v) for v in matrix)
    scale_x = math.hypot(a, b)
    if scale_x == 0:
        raise ConversionError(f"transform {matrix} collapses the drawing")
    angle = math.atan2(b, a)
    scale_y = (a * d - b * c) / scale_x
    # Rebuilt from the three parts, the matrix must come back unchanged.
    rebuilt_c, rebuilt_d = -scale_y * math.sin(angle), scale_y * math.cos(angle)
    if abs(rebuilt_c - c) > 1e-9 or abs(rebuilt_d - d) > 1e-9 or scale_y == 0:
        raise ConversionError(f"transform {matrix} is skewed or degenerate: a VectorDrawable group cannot hold it")
    attributes: list[tuple[str, str]] = []
    if matrix[4] != 0:
        attributes.append(("translateX", number(matrix[4])))
    if matrix[5] != 0:
        attributes.append(("translateY", number(matrix[5])))
    if angle != 0:
        attributes.append(("rotation", _rounded(math.degrees(angle))))
    if scale_x != 1 or scale_y != 1:
        attributes += [("scaleX", _rounded(scale_x)), ("scaleY", _rounded(scale_y))]
    return attributes


def _rounded(value: float) -> str:
    """A computed value to 6 decimals: far below a pixel at any size."""
    return number(Decimal(f"{value:.6f}"))
