"""Shared helpers of the asset tests: paths, rendering with rsvg-convert, and
the tools scripts/test.sh installs. Importing it puts scripts/ on the path,
so the tests use the generators' own modules (scripts/assetgen).

Not a conftest.py: tests/i18n imports its own conftest by that name."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from assetgen import png  # noqa: E402

RES = ROOT / "android" / "app" / "src" / "main" / "res"
CATALOG = ROOT / "ios" / "Rokada" / "Resources" / "Assets.xcassets"
FRAMEWORK_RES = Path("/usr/share/android-framework-res/framework-res.apk")


def require(*tools: str) -> None:
    """Fails (not skips) without a tool: scripts/test.sh installs them all."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: scripts/test.sh installs sox, libsox-fmt-all, librsvg2-bin, aapt")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=ROOT, capture_output=True, text=True)


def render(svg: str, width: int, height: int | None = None) -> png.Image:
    require("rsvg-convert")
    result = subprocess.run(
        ["rsvg-convert", "--width", str(width), "--height", str(height or width)],
        input=svg.encode(),
        capture_output=True,
        check=True,
    )
    return png.read(result.stdout)
