"""The sounds: in their formats, clean, at their levels, and each its own."""

import array
import itertools
import math
import subprocess

import pytest
from asset_helpers import RES, ROOT, require, run

from assetgen.sounds import RATE, SOUNDS

NAMES = [sound.name for sound in SOUNDS]
SOUND_DIR = ROOT / "ios" / "Rokada" / "Resources" / "Sounds"


def files(name: str):
    return [RES / "raw" / f"sound_{name}.ogg", SOUND_DIR / f"sound_{name}.caf"]


def samples(path) -> array.array:
    """The decoded 16-bit samples."""
    require("sox")
    raw = subprocess.run(
        ["sox", str(path), "-t", "raw", "-e", "signed-integer", "-b", "16", "-c", "1", "-r", str(RATE), "-"],
        capture_output=True,
        check=True,
    ).stdout
    decoded = array.array("h")
    decoded.frombytes(raw)
    return decoded


def rms(path, *effects: str) -> float:
    result = subprocess.run(["sox", str(path), "-n", *effects, "stat"], capture_output=True, text=True, check=True)
    line = next(line for line in result.stderr.splitlines() if line.startswith("RMS     amplitude"))
    return float(line.split()[-1])


def test_sound_files_are_in_their_formats():
    require("sox", "soxi")
    result = run("scripts/gen-sounds", "--check")
    assert result.returncode == 0, result.stderr


def test_names_are_the_same_on_both_platforms():
    android = {p.stem for p in (RES / "raw").glob("sound_*")}
    ios = {p.stem for p in SOUND_DIR.iterdir()}
    assert android == ios == {f"sound_{name}" for name in NAMES}
    assert {"move", "capture", "castle", "check", "promotion", "low_time"} <= set(NAMES)
    endings = {name for name in NAMES if name.startswith("game_end_")}
    assert endings == {"game_end_win", "game_end_draw", "game_end_loss"}


@pytest.mark.parametrize("sound", SOUNDS, ids=NAMES)
def test_peak_is_at_its_level(sound):
    for path in files(sound.name):
        peak = max(abs(v) for v in samples(path)) / 32768
        # Vorbis moves peaks a little; PCM keeps them exactly.
        assert abs(20 * math.log10(peak) - sound.peak_db) <= (0.6 if path.suffix == ".ogg" else 0.05), path.name


@pytest.mark.parametrize("sound", SOUNDS, ids=NAMES)
def test_starts_and_ends_without_a_click(sound):
    decoded = samples(files(sound.name)[1])
    assert abs(decoded[0]) < 328 and abs(decoded[-1]) < 328  # under 1% of full scale


@pytest.mark.parametrize("sound", SOUNDS, ids=NAMES)
def test_nothing_clipped(sound):
    """Every partial is below 9 kHz; clipping anywhere on the way would
    spread energy above it (it did, at 0.4%, when the mix overflowed)."""
    for path in files(sound.name):
        assert rms(path, "sinc", "9500") / rms(path) < 0.001, path.name


def test_each_sound_is_its_own():
    """No two sounds are alike: the correlation of their waveforms stays
    well below 1 (move and castle share the first knock: 0.7)."""
    decoded = {name: samples(files(name)[1]) for name in NAMES}
    for a, b in itertools.combinations(NAMES, 2):
        x, y = decoded[a], decoded[b]
        dot = sum(p * q for p, q in zip(x, y))
        norm = math.sqrt(sum(p * p for p in x) * sum(q * q for q in y))
        assert abs(dot / norm) < 0.8, (a, b)


def test_every_sound_is_documented():
    notes = (ROOT / "docs" / "ASSETS.md").read_text(encoding="utf-8")
    for name in NAMES:
        assert f"sound_{name}" in notes
