"""The subset of SVG the generators convert, read into a small drawing model.

A drawing is a tree of groups (a transform and children) and shapes (path
data and a fully resolved paint style). Styles are resolved here, with SVG's
inheritance and initial values, so the writers never have to know SVG's
defaults (which differ from VectorDrawable's: SVG fills black and strokes 1
unit wide unless told otherwise, a VectorDrawable fills nothing and strokes
0 wide).

Everything outside the subset is refused with ConversionError naming the
element and attribute, so nothing is silently dropped: <g>, <path> and
<circle>; the paint properties fill, stroke, stroke-width, stroke-linecap,
stroke-linejoin, stroke-miterlimit and fill-rule, as attributes or in a
style attribute; transform with matrix, translate, scale and rotate; id and
class (names only, they draw nothing).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Union

from . import pathdata

SVG_NS = "{http://www.w3.org/2000/svg}"

PAINT_PROPERTIES = (
    "fill",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "fill-rule",
)
NAME_ATTRIBUTES = frozenset({"id", "class"})
SHAPE_ATTRIBUTES = {
    "g": frozenset(),
    "path": frozenset({"d"}),
    "circle": frozenset({"cx", "cy", "r"}),
}
COLOR_RE = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
NUMBER_RE = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
TRANSFORM_RE = re.compile(r"\s*(matrix|translate|scale|rotate)\s*\(([^)]*)\)\s*,?")


class ConversionError(ValueError):
    pass


# (a, b, c, d, e, f) of SVG's matrix(): x' = a x + c y + e, y' = b x + d y + f.
Matrix = tuple[Decimal, Decimal, Decimal, Decimal, Decimal, Decimal]
IDENTITY: Matrix = tuple(Decimal(v) for v in (1, 0, 0, 1, 0, 0))


@dataclass(frozen=True)
class Style:
    fill: str | None  # "#rrggbb", None for no fill
    stroke: str | None
    stroke_width: Decimal
    linecap: str  # butt, round, square
    linejoin: str  # miter, round, bevel
    miterlimit: Decimal
    fill_rule: str  # nonzero, evenodd


# SVG 1.1's initial values.
INITIAL_STYLE = Style(
    fill="#000000",
    stroke=None,
    stroke_width=Decimal(1),
    linecap="butt",
    linejoin="miter",
    miterlimit=Decimal(4),
    fill_rule="nonzero",
)


@dataclass(frozen=True)
class Shape:
    d: str  # plain path data (pathdata.normalize)
    style: Style


@dataclass(frozen=True)
class Group:
    matrix: Matrix
    children: tuple["Node", ...]


Node = Union[Shape, Group]


@dataclass(frozen=True)
class Drawing:
    width: Decimal
    height: Decimal
    children: tuple[Node, ...]


def parse_svg(text: str, name: str) -> Drawing:
    """Reads one SVG document; `name` only labels errors."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise ConversionError(f"{name}: not XML: {error}") from None
    if root.tag != SVG_NS + "svg":
        raise ConversionError(f"{name}: the root is <{root.tag}>, not an SVG <svg>")
    for attribute in root.attrib:
        if attribute != "viewBox":
            raise ConversionError(f"{name}: attribute {attribute!r} of <svg> is not converted")
    view_box = root.get("viewBox", "").replace(",", " ").split()
    if len(view_box) != 4 or not all(NUMBER_RE.fullmatch(v) for v in view_box):
        raise ConversionError(f"{name}: <svg> needs a viewBox of four numbers")
    x, y, width, height = (Decimal(v) for v in view_box)
    if x != 0 or y != 0 or width <= 0 or height <= 0:
        raise ConversionError(f"{name}: only a viewBox at 0 0 with a positive size is converted")
    _no_text(root, name)
    return Drawing(width, height, _children(root, INITIAL_STYLE, name))


def _children(element: ET.Element, style: Style, name: str) -> tuple[Node, ...]:
    nodes: list[Node] = []
    for child in element:
        nodes.extend(_node(child, style, name))
    return tuple(nodes)


def _node(element: ET.Element, inherited: Style, name: str) -> list[Node]:
    if not element.tag.startswith(SVG_NS) or element.tag[len(SVG_NS):] not in SHAPE_ATTRIBUTES:
        raise ConversionError(f"{name}: element <{element.tag.removeprefix(SVG_NS)}> is not converted")
    tag = element.tag[len(SVG_NS):]
    where = f"{name}: <{tag}>"
    _no_text(element, name)
    allowed = SHAPE_ATTRIBUTES[tag] | NAME_ATTRIBUTES | {"transform", "style"} | set(PAINT_PROPERTIES)
    for attribute in element.attrib:
        if attribute not in allowed:
            raise ConversionError(f"{where}: attribute {attribute!r} is not converted")
    style = _style(element, inherited, where)
    if tag == "g":
        children = _children(element, style, name)
    elif tag == "path":
        try:
            children = (Shape(pathdata.normalize(_required(element, "d", where)), style),)
        except pathdata.PathDataError as error:
            raise ConversionError(f"{where}: {error}") from None
    else:
        cx, cy, r = (_number(_required(element, a, where), where, a) for a in ("cx", "cy", "r"))
        try:
            children = (Shape(pathdata.circle(cx, cy, r), style),)
        except pathdata.PathDataError as error:
            raise ConversionError(f"{where}: {error}") from None
    if "transform" in element.attrib:
        return [Group(parse_transform(element.get("transform"), where), tuple(children))]
    return list(children)


def _no_text(element: ET.Element, name: str) -> None:
    for text in (element.text, *(child.tail for child in element)):
        if text and text.strip():
            raise ConversionError(f"{name}: text {text.strip()[:20]!r} is not converted")


def _required(element: ET.Element, attribute: str, where: str) -> str:
    value = element.get(attribute)
    if value is None:
        raise ConversionError(f"{where}: attribute {attribute!r} is missing")
    return value


def _number(text: str, where: str, what: str) -> Decimal:
    if not NUMBER_RE.fullmatch(text.strip()):
        raise ConversionError(f"{where}: {what} {text!r} is not a plain number")
    return Decimal(text.strip())


def _style(element: ET.Element, inherited: Style, where: str) -> Style:
    """The element's style: its attributes, then its style attribute (which
    wins), over what it inherits."""
    declared = {p: element.get(p) for p in PAINT_PROPERTIES if element.get(p) is not None}
    for declaration in element.get("style", "").split(";"):
        if not declaration.strip():
            continue
        prop, colon, value = declaration.partition(":")
        prop = prop.strip()
        if not colon or prop not in PAINT_PROPERTIES:
            raise ConversionError(f"{where}: style declaration {declaration.strip()!r} is not converted")
        declared[prop] = value
    style = inherited
    for prop, value in declared.items():
        value = value.strip()
        if value == "inherit":
            continue
        style = _apply(style, prop, value, where)
    return style


def _apply(style: Style, prop: str, value: str, where: str) -> Style:
    def choice(options: tuple[str, ...]) -> str:
        if value not in options:
            raise ConversionError(f"{where}: {prop} {value!r} is not one of {', '.join(options)}")
        return value

    if prop in ("fill", "stroke"):
        return replace(style, **{prop: _paint(value, where, prop)})
    if prop == "stroke-width":
        width = _number(value, where, prop)
        if width < 0:
            raise ConversionError(f"{where}: negative stroke-width {value!r}")
        return replace(style, stroke_width=width)
    if prop == "stroke-miterlimit":
        limit = _number(value, where, prop)
        if limit < 1:
            raise ConversionError(f"{where}: stroke-miterlimit {value!r} is below 1")
        return replace(style, miterlimit=limit)
    if prop == "stroke-linecap":
        return replace(style, linecap=choice(("butt", "round", "square")))
    if prop == "stroke-linejoin":
        return replace(style, linejoin=choice(("miter", "round", "bevel")))
    return replace(style, fill_rule=choice(("nonzero", "evenodd")))


def _paint(value: str, where: str, prop: str) -> str | None:
    if value == "none":
        return None
    if not COLOR_RE.fullmatch(value):
        raise ConversionError(f"{where}: {prop} {value!r} is not a #rgb or #rrggbb colour or none")
    digits = value[1:].lower()
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return "#" + digits


def parse_transform(text: str, where: str) -> Matrix:
    """A transform list as one matrix (applied right to left, as SVG does)."""
    matrix = IDENTITY
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = TRANSFORM_RE.match(text, pos)
        if not match:
            raise ConversionError(f"{where}: transform {text[pos:]!r} is not converted")
        kind = match.group(1)
        args = [_number(a, where, kind) for a in re.split(r"[\s,]+", match.group(2).strip()) if a]
        matrix = multiply(matrix, _transform(kind, args, where))
        pos = match.end()
    return matrix


def _transform(kind: str, args: list[Decimal], where: str) -> Matrix:
    zero, one = Decimal(0), Decimal(1)
    if kind == "matrix" and len(args) == 6:
        return tuple(args)
    if kind == "translate" and len(args) in (1, 2):
        return (one, zero, zero, one, args[0], args[1] if len(args) == 2 else zero)
    if kind == "scale" and len(args) in (1, 2):
        return (args[0], zero, zero, args[-1], zero, zero)
    if kind == "rotate" and len(args) == 1:
        radians = math.radians(float(args[0]))
        cos, sin = Decimal(repr(math.cos(radians))), Decimal(repr(math.sin(radians)))
        return (cos, sin, -sin, cos, zero, zero)
    raise ConversionError(f"{where}: {kind} with {len(args)} numbers is not converted")


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m · n: n applies first."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)

