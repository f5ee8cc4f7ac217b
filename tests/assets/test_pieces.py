"""The pieces: generated files current, and each drawn the same as the
python-chess original on both platforms."""

import json
import re

import android_vector
import pytest
from asset_helpers import CATALOG, FRAMEWORK_RES, RES, ROOT, render, require, run

from assetgen import pieces
from assetgen.pixels import differing_fraction

SIZE = 180  # 4 pixels per unit of the 45-unit pieces
# Correct conversions render identically (measured: 0 differing pixels); a
# stroke end that lost its round cap already differs in 0.15%.
TOLERANCE = 0.0005
NAMES = [pieces.name(color, kind) for color in pieces.COLORS for kind in pieces.KINDS]


@pytest.fixture(scope="module")
def originals():
    """name -> the original rendered."""
    return {name: render(svg, SIZE) for name, svg in pieces.source_svgs().items()}


def drawable(name: str) -> str:
    return (RES / "drawable" / f"{name}.xml").read_text(encoding="utf-8")


def test_generated_files_are_current():
    result = run("scripts/gen-pieces", "--check")
    assert result.returncode == 0, result.stderr


def test_names_are_the_same_on_both_platforms():
    assert NAMES[0] == "piece_white_king" and NAMES[-1] == "piece_black_pawn"
    android = {p.stem for p in (RES / "drawable").glob("piece_*.xml")}
    ios = {p.name.removesuffix(".imageset") for p in (CATALOG / "Pieces").glob("*.imageset")}
    assert android == ios == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_android_drawable_draws_the_original(originals, name):
    converted = render(android_vector.to_svg(drawable(name)), SIZE)
    assert differing_fraction(originals[name], converted) <= TOLERANCE


@pytest.mark.parametrize("name", NAMES)
def test_ios_svg_draws_the_original(originals, name):
    svg = (CATALOG / "Pieces" / f"{name}.imageset" / f"{name}.svg").read_text(encoding="utf-8")
    assert differing_fraction(originals[name], render(svg, SIZE)) <= TOLERANCE


@pytest.mark.parametrize(
    "name, pattern, replacement",
    [
        ("piece_white_pawn", r"M22\.5 9 ", "M22.5 9.5 "),  # a point half a unit off
        ("piece_black_knight", r'rotation="30\.000728"', 'rotation="-30.000728"'),  # a group turned the wrong way
        ("piece_black_rook", r'strokeColor="#FFFFFF"', 'strokeColor="#000000"'),  # a wrong colour
        ("piece_white_king", r'strokeLineCap="round"', 'strokeLineCap="butt"'),  # one cap lost
        ("piece_white_knight", r"<path[^>]*M9\.5 25\.5[^>]*/>", ""),  # the eye dropped
    ],
)
def test_a_wrong_conversion_is_seen(originals, name, pattern, replacement):
    broken, count = re.subn(pattern, replacement, drawable(name), count=1)
    assert count == 1
    rendered = render(android_vector.to_svg(broken), SIZE)
    assert differing_fraction(originals[name], rendered) > TOLERANCE


def aapt2_link(tmp_path, files):
    """aapt2 compiles and links the files against the framework's attributes."""
    require("aapt2")
    assert FRAMEWORK_RES.is_file(), "Debian's android-framework-res is missing: scripts/test.sh installs it"
    flat = tmp_path / "flat"
    flat.mkdir()
    for path in files:
        result = run("aapt2", "compile", "-o", flat, path)
        assert result.returncode == 0, result.stderr
    manifest = tmp_path / "AndroidManifest.xml"
    manifest.write_text(
        '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="app.rokada.assets"/>'
    )
    return run("aapt2", "link", "-I", FRAMEWORK_RES, "--manifest", manifest, "-o", tmp_path / "out.apk",
               *sorted(flat.glob("*.flat")))


def test_aapt2_accepts_every_generated_resource(tmp_path):
    drawables = [*(RES / "drawable").glob("piece_*.xml"), *(RES / "drawable").glob("ic_launcher_*.xml")]
    files = sorted(drawables) + sorted((RES / "raw").glob("sound_*.ogg"))
    files += sorted((RES / "mipmap-anydpi-v26").glob("*.xml")) + sorted((RES / "mipmap").glob("*.xml"))
    result = aapt2_link(tmp_path, files)
    assert result.returncode == 0, result.stderr


def test_aapt2_refuses_a_misspelt_attribute(tmp_path):
    bad = tmp_path / "res" / "drawable" / "piece_bad.xml"
    bad.parent.mkdir(parents=True)
    bad.write_text(drawable("piece_white_knight").replace("fillType", "filltype"), encoding="utf-8")
    result = aapt2_link(tmp_path, [bad])
    assert result.returncode != 0 and "filltype" in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_ios_image_set_keeps_the_vector_untinted(name):
    folder = CATALOG / "Pieces" / f"{name}.imageset"
    contents = json.loads((folder / "Contents.json").read_text(encoding="utf-8"))
    assert contents["images"] == [{"filename": f"{name}.svg", "idiom": "universal"}]
    assert contents["properties"] == {
        "preserves-vector-representation": True,
        "template-rendering-intent": "original",
    }
    assert sorted(p.name for p in folder.iterdir()) == ["Contents.json", f"{name}.svg"]


def test_the_pieces_folder_does_not_prefix_the_names():
    contents = json.loads((CATALOG / "Pieces" / "Contents.json").read_text(encoding="utf-8"))
    assert "provides-namespace" not in contents.get("properties", {})


def test_xcodegen_puts_the_catalog_and_sounds_in_the_app():
    spec = (ROOT / "ios" / "project.yml").read_text(encoding="utf-8")
    # Everything under Rokada/Resources is a resource of the app target.
    assert re.search(r"- path: Rokada/Resources\n\s+buildPhase: resources", spec)
    assert (ROOT / "ios" / "Rokada" / "Resources" / "Assets.xcassets").is_dir()
    assert re.search(r"ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon\b", spec)


def test_the_licence_is_recorded():
    notes = (ROOT / "docs" / "ASSETS.md").read_text(encoding="utf-8")
    version = pieces.pinned_version()
    for fact in ("Colin M.L. Burnett", f"python-chess {version}", "GFDL, BSD and GPL", "GPL-3.0-or-later"):
        assert fact in notes
