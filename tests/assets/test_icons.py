"""The app icon: one design on both platforms, inside Android's safe zone,
and an iOS image the App Store takes."""

import math
import xml.etree.ElementTree as ET

import android_vector
import pytest
from asset_helpers import CATALOG, RES, render, run

from assetgen import png
from assetgen.pixels import differing_fraction

ICON = CATALOG / "AppIcon.appiconset" / "AppIcon.png"
ANDROID = "{http://schemas.android.com/apk/res/android}"


def layer_svg(name: str) -> str:
    return android_vector.to_svg((RES / "drawable" / f"{name}.xml").read_text(encoding="utf-8"))


def test_generated_files_are_current():
    result = run("scripts/gen-icons", "--check")
    assert result.returncode == 0, result.stderr


def test_ios_icon_is_one_opaque_1024_image():
    image = png.read(ICON.read_bytes())
    # RGB: an alpha channel, even an opaque one, is refused by App Store Connect.
    assert (image.width, image.height, image.channels) == (1024, 1024, 3)


def android_icon(foreground: str) -> png.Image:
    """The adaptive icon as a launcher composes it (background, then
    foreground) showing the middle 72 of 108 dp, at the iOS icon's size."""
    layers = (layer_svg("ic_launcher_background"), foreground)
    inner = "".join(svg.split(">", 1)[1].rsplit("</svg>", 1)[0] for svg in layers)
    return render(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="18 18 72 72">{inner}</svg>', 1024)


@pytest.fixture(scope="module")
def ios_icon():
    return png.read(ICON.read_bytes())


def test_ios_icon_is_the_android_icon(ios_icon):
    assert differing_fraction(android_icon(layer_svg("ic_launcher_foreground")), ios_icon) <= 0.002


def test_a_different_icon_is_seen(ios_icon):
    moved = layer_svg("ic_launcher_foreground").replace('translate(22.5 ', 'translate(24.5 ', 1)
    assert moved != layer_svg("ic_launcher_foreground")
    assert differing_fraction(android_icon(moved), ios_icon) > 0.002


def test_rook_stays_inside_the_safe_zone():
    """Launchers may cut the foreground to any shape that holds a circle of
    66 dp diameter in the middle: nothing may be drawn outside it."""
    size = 216  # 2 pixels per dp
    image = render(layer_svg("ic_launcher_foreground"), size)
    alpha = image.rgba()[3::4]
    centre = size / 2
    outside = [
        (x, y)
        for y in range(size)
        for x in range(size)
        if alpha[y * size + x] and math.hypot(x + 0.5 - centre, y + 0.5 - centre) > 33 * 2
    ]
    assert not outside
    assert sum(1 for a in alpha if a) > size * size // 10  # and the rook is there


def test_adaptive_icon_uses_the_layers():
    icon = ET.parse(RES / "mipmap-anydpi-v26" / "ic_launcher.xml").getroot()
    layers = {child.tag: child.get(ANDROID + "drawable") for child in icon}
    assert layers["background"] == "@drawable/ic_launcher_background"
    assert layers["foreground"] == "@drawable/ic_launcher_foreground"


def test_app_icon_set_names_its_image():
    contents = (CATALOG / "AppIcon.appiconset" / "Contents.json").read_text(encoding="utf-8")
    assert '"filename" : "AppIcon.png"' in contents and '"size" : "1024x1024"' in contents
