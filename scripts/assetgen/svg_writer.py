"""A drawing (svgmodel.Drawing) as plain SVG: paths and groups only, every
paint property an explicit attribute (no CSS, no inheritance to rely on), the
path data in pathdata's plain form. This is the form the iOS asset catalog
gets and the one rsvg-convert renders for the app icon.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from .pathdata import number
from .svgmodel import Drawing, Group, Shape


def write(drawing: Drawing, comment: str, view_box: tuple | None = None, size: tuple | None = None) -> str:
    """The drawing as an SVG document. `view_box` (x, y, width, height)
    shows a part of it, `size` (width, height) sets the intrinsic size; both
    default to the drawing's own size."""
    if "--" in comment:
        raise ValueError("an XML comment cannot contain --")
    box = view_box or (0, 0, drawing.width, drawing.height)
    width, height = size or box[2:]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f"<!-- {comment} -->",
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(width)}" height="{number(height)}"'
        f' viewBox="{" ".join(number(v) for v in box)}">',
    ]
    for node in drawing.children:
        _node(node, 1, lines)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _node(node: Group | Shape, depth: int, lines: list[str]) -> None:
    indent = "  " * depth
    if isinstance(node, Group):
        lines.append(f'{indent}<g transform="matrix({",".join(number(v) for v in node.matrix)})">')
        for child in node.children:
            _node(child, depth + 1, lines)
        lines.append(f"{indent}</g>")
        return
    style = node.style
    attributes = [("d", node.d), ("fill", style.fill or "none")]
    if style.fill is not None and style.fill_rule == "evenodd":
        attributes.append(("fill-rule", "evenodd"))
    if style.stroke is not None and style.stroke_width > 0:
        attributes += [
            ("stroke", style.stroke),
            ("stroke-width", number(style.stroke_width)),
            ("stroke-linecap", style.linecap),
            ("stroke-linejoin", style.linejoin),
        ]
        if style.linejoin == "miter" and style.miterlimit != 4:
            attributes.append(("stroke-miterlimit", number(style.miterlimit)))
    lines.append(f"{indent}<path " + " ".join(f"{k}={quoteattr(v)}" for k, v in attributes) + "/>")
