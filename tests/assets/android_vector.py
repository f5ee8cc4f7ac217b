"""Reads an Android VectorDrawable back into SVG, with Android's semantics, so
rsvg-convert can draw what a phone would draw.

Written apart from the generator (scripts/assetgen/vector_drawable.py) on
purpose: it follows VectorDrawable's documentation, defaults included (no
fill and a 0-wide stroke unless given, nonZero filling, butt caps, miter
joins, miter limit 4, a group applying scale, then rotation, then
translation about its pivot). An attribute it does not know fails the test
rather than being ignored.
"""

import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

ANDROID = "{http://schemas.android.com/apk/res/android}"
VECTOR_ATTRIBUTES = {"width", "height", "viewportWidth", "viewportHeight"}
GROUP_ATTRIBUTES = {"name", "rotation", "pivotX", "pivotY", "scaleX", "scaleY", "translateX", "translateY"}
PATH_ATTRIBUTES = {
    "name",
    "pathData",
    "fillColor",
    "fillAlpha",
    "fillType",
    "strokeColor",
    "strokeWidth",
    "strokeAlpha",
    "strokeLineCap",
    "strokeLineJoin",
    "strokeMiterLimit",
}


def attributes(element: ET.Element, allowed: set[str]) -> dict[str, str]:
    found = {}
    for key, value in element.attrib.items():
        name = key.removeprefix(ANDROID)
        if not key.startswith(ANDROID) or name not in allowed:
            raise AssertionError(f"<{element.tag}> has attribute {key} that this reader does not know")
        found[name] = value
    return found


def color(value: str) -> tuple[str, float]:
    """An Android colour (#RGB, #ARGB, #RRGGBB, #AARRGGBB) as SVG colour and opacity."""
    digits = value.removeprefix("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    if len(digits) == 6:
        digits = "ff" + digits
    if len(digits) != 8:
        raise AssertionError(f"{value} is not an Android colour")
    return "#" + digits[2:], int(digits[:2], 16) / 255


def to_svg(xml: str) -> str:
    root = ET.fromstring(xml)
    assert root.tag == "vector", root.tag
    top = attributes(root, VECTOR_ATTRIBUTES)
    body = "".join(_node(child) for child in root)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {top["viewportWidth"]} {top["viewportHeight"]}">{body}</svg>'
    )


def _node(element: ET.Element) -> str:
    if element.tag == "group":
        a = {k: float(v) for k, v in attributes(element, GROUP_ATTRIBUTES).items() if k != "name"}
        px, py = a.get("pivotX", 0.0), a.get("pivotY", 0.0)
        transform = (
            f"translate({a.get('translateX', 0.0) + px} {a.get('translateY', 0.0) + py}) "
            f"rotate({a.get('rotation', 0.0)}) scale({a.get('scaleX', 1.0)} {a.get('scaleY', 1.0)}) "
            f"translate({-px} {-py})"
        )
        return f'<g transform="{transform}">' + "".join(_node(child) for child in element) + "</g>"
    if element.tag == "path":
        return _path(attributes(element, PATH_ATTRIBUTES))
    raise AssertionError(f"<{element.tag}> is not read by this checker")


def _path(a: dict[str, str]) -> str:
    svg = {"d": a["pathData"], "fill": "none", "stroke": "none"}
    if "fillColor" in a:
        svg["fill"], opacity = color(a["fillColor"])
        svg["fill-opacity"] = str(opacity * float(a.get("fillAlpha", 1)))
        svg["fill-rule"] = {"nonZero": "nonzero", "evenOdd": "evenodd"}[a.get("fillType", "nonZero")]
    if "strokeColor" in a:
        # Skia strokes a 0-wide line as a hairline, one pixel at any scale.
        if float(a.get("strokeWidth", 0)) <= 0:
            raise AssertionError("a hairline stroke is not compared by this reader")
        svg["stroke"], opacity = color(a["strokeColor"])
        svg["stroke-opacity"] = str(opacity * float(a.get("strokeAlpha", 1)))
        svg["stroke-width"] = a["strokeWidth"]
        svg["stroke-linecap"] = a.get("strokeLineCap", "butt")
        svg["stroke-linejoin"] = a.get("strokeLineJoin", "miter")
        svg["stroke-miterlimit"] = a.get("strokeMiterLimit", "4")
    return "<path " + " ".join(f"{k}={quoteattr(v)}" for k, v in svg.items()) + "/>"
