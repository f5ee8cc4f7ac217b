"""The SVG converter on drawings made here: every construct it converts draws
the same on Android and in the written SVG, and every other one is refused."""

from decimal import Decimal

import android_vector
import pytest
from asset_helpers import render

from assetgen import pathdata, svg_writer, svgmodel, vector_drawable
from assetgen.pixels import differing_fraction

# Every converted construct at once: inherited paint, SVG's defaults (black
# fill, 1-wide stroke), even-odd holes, style attributes, circles, arcs,
# compact numbers, implicit linetos, relative moves after a closepath, caps,
# joins, a miter limit, and transforms on groups and on paths.
SAMPLE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60">
  <g fill="#c33" fill-rule="evenodd" stroke="#00f">
    <path d="M5 5h20v20H5zm5 5h10v10h-10z"/>
    <path d="M30 5l10 0 10 10-10 10z" fill-rule="nonzero" style="fill: #0a0; stroke-width: 2"/>
  </g>
  <path d="M5 30 h20 v20 h-20 z"/>
  <circle cx="45" cy="40" r="8" fill="none" stroke="#fc0" stroke-width="3"/>
  <path d="M5 55l10-3.5.5.5 10 2" fill="none" stroke="#000" stroke-width="2.5"
        stroke-linecap="square" stroke-linejoin="miter" stroke-miterlimit="2"/>
  <g transform="translate(30 30) rotate(20) scale(1.5 0.8)" stroke="#808" stroke-linejoin="bevel">
    <path d="M0 0a6 4 0 0 0 12 0a6 4 0 0 0-12 0z" fill="#9cf"/>
  </g>
  <path d="M48 48 l6 6 -6 0z" transform="matrix(0.866,0.5,-0.5,0.866,10,-30)" fill="#444"/>
</svg>"""


def wrap(body: str, root: str = 'viewBox="0 0 9 9"') -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {root}>{body}</svg>'


def convert(svg: str) -> svgmodel.Drawing:
    return svgmodel.parse_svg(svg, "sample")


def test_android_draws_every_converted_construct():
    xml = vector_drawable.write(convert(SAMPLE), "sample")
    assert differing_fraction(render(SAMPLE, 240), render(android_vector.to_svg(xml), 240)) <= 0.0005


def test_written_svg_draws_every_converted_construct():
    written = svg_writer.write(convert(SAMPLE), "sample")
    assert differing_fraction(render(SAMPLE, 240), render(written, 240)) <= 0.0005


@pytest.mark.parametrize(
    "old, new",
    [
        ('android:fillColor="#000000"', ""),  # SVG's default black fill lost
        ('android:fillType="evenOdd"', ""),  # the square's hole filled
    ],
)
def test_a_wrong_conversion_is_seen(old, new):
    xml = vector_drawable.write(convert(SAMPLE), "sample")
    assert old in xml
    broken = android_vector.to_svg(xml.replace(old, new, 1))
    assert differing_fraction(render(SAMPLE, 240), render(broken, 240)) > 0.01


def test_paint_is_resolved_with_svg_defaults():
    drawing = convert(wrap('<path d="M0 0H9" stroke="#FFF"/>'))
    (shape,) = drawing.children
    assert shape.style.fill == "#000000" and shape.style.stroke == "#ffffff"
    assert shape.style.stroke_width == 1 and shape.style.linecap == "butt" and shape.style.linejoin == "miter"


def test_group_transform_is_decomposed_exactly():
    matrix = svgmodel.parse_transform("translate(3 4) rotate(30) scale(2 -1)", "t")
    attributes = dict(vector_drawable.group_attributes(matrix))
    assert attributes == {
        "translateX": "3",
        "translateY": "4",
        "rotation": "30",
        "scaleX": "2",
        "scaleY": "-1",
    }


@pytest.mark.parametrize(
    "svg, message",
    [
        (wrap('<rect width="3" height="3"/>'), "element <rect> is not converted"),
        (wrap('<use href="#a"/>'), "element <use> is not converted"),
        (wrap('<path d="M0 0H9" opacity="0.5"/>'), "attribute 'opacity' is not converted"),
        (wrap('<path d="M0 0H9" style="fill-opacity: 0.5"/>'), "style declaration 'fill-opacity: 0.5'"),
        (wrap('<path d="M0 0H9" fill="red"/>'), "fill 'red' is not a #rgb or #rrggbb colour"),
        (wrap('<path d="M0 0H9" fill="url(#g)"/>'), "is not a #rgb or #rrggbb colour"),
        (wrap('<path d="M0 0H9" stroke-width="2px"/>'), "stroke-width '2px' is not a plain number"),
        (wrap('<path d="M0 0H9" stroke-linejoin="arcs"/>'), "stroke-linejoin 'arcs' is not one of"),
        (wrap('<path d="M0 0H9" transform="skewX(10)"/>'), "transform 'skewX(10)' is not converted"),
        (wrap('<path d="M0 0H9" stroke-dasharray="1 1"/>'), "attribute 'stroke-dasharray' is not converted"),
        (wrap('<path d="M0 0 Q1 1"/>'), "Q: number 3 of 4 expected"),
        (wrap("<path/>"), "attribute 'd' is missing"),
        (wrap("<g>text</g>"), "text 'text' is not converted"),
        (wrap('<circle cx="1" cy="1" r="0"/>'), "circle radius 0 is not positive"),
        (wrap("", 'viewBox="0 0 9 9" width="9"'), "attribute 'width' of <svg> is not converted"),
        (wrap("", 'viewBox="1 0 9 9"'), "only a viewBox at 0 0"),
        (wrap("", ""), "needs a viewBox"),
        ('<svg viewBox="0 0 9 9"/>', "not an SVG <svg>"),
    ],
)
def test_unconverted_constructs_are_refused(svg, message):
    with pytest.raises(svgmodel.ConversionError, match="^sample: .*" + message.replace("(", r"\(").replace(")", r"\)")):
        convert(svg)


def test_a_skewed_group_is_refused_for_android():
    drawing = convert(wrap('<path d="M0 0H9" transform="matrix(1,0,0.5,1,0,0)"/>'))
    with pytest.raises(svgmodel.ConversionError, match="skewed"):
        vector_drawable.write(drawing, "sample")


@pytest.mark.parametrize(
    "d, plain",
    [
        ("M9 36c3.39-.97 10.11.43 13.5-2", "M9 36 c3.39 -0.97 10.11 0.43 13.5 -2"),
        ("M0 0 1 1 2 2m3 3 4 4", "M0 0 L1 1 L2 2 m3 3 l4 4"),
        ("M0 0a1 1 0 01 1 1", "M0 0 a1 1 0 0 1 1 1"),
        ("M1.50 -0 L1e1 +2.0", "M1.5 0 L10 2"),
        ("M0,0 Z m1,1 z", "M0 0 Z m1 1 z"),
    ],
)
def test_path_data_is_written_plainly(d, plain):
    assert pathdata.normalize(d) == plain
    assert pathdata.normalize(plain) == plain


@pytest.mark.parametrize(
    "d, message",
    [
        ("L1 2", "must start with a moveto"),
        ("M1", "number 2 of 2 expected"),
        ("M1 2 z 3", "numbers after a closepath"),
        ("M1 2 X3", "unknown command 'X'"),
        ("M0 0 a-1 1 0 0 1 1 1", "negative radius"),
        ("M0 0 a1 1 0 2 1 1 1", "arc flag expected"),
        ("3 4", "must start with a command"),
    ],
)
def test_bad_path_data_is_refused(d, message):
    with pytest.raises(pathdata.PathDataError, match=message):
        pathdata.parse(d)


def test_circle_is_two_arcs():
    assert pathdata.circle(Decimal(6), Decimal(12), Decimal("2.75")) == (
        "M3.25 12 A2.75 2.75 0 1 0 8.75 12 A2.75 2.75 0 1 0 3.25 12 Z"
    )
