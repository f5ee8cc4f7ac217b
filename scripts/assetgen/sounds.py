"""The apps' sounds, each a few layers that sox synthesises and mixes.

A layer is a sine (a note's partial) or a burst of brown noise (the click of
wood on wood), with a 4 ms rise and a decay: "fast" falls off within about a
quarter of the layer (sox's logarithmic fade), "slow" rings to the end (its
half-cosine fade). Notes are equal-tempered pitches; the partials above the
fundamental decay fast, as on a marimba, so the attack is bright and the
ring is soft.

Rendered mono at 22,050 Hz: the highest partial (C7's 4th, 8.4 kHz) is
below the 11 kHz this rate carries, and 16-bit PCM at this rate keeps the
longest sound (1 s) under 50 KB on iOS.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

RATE = 22050
ATTACK = 0.004  # s: long enough to avoid a click at the start

# Equal-tempered pitches (A4 = 440 Hz).
G4, A4, C5, D5, E5, G5 = 392.0, 440.0, 523.25, 587.33, 659.26, 783.99
A5, B5, C6, E6, G6, C7 = 880.0, 987.77, 1046.5, 1318.51, 1567.98, 2093.0


@dataclass(frozen=True)
class Layer:
    kind: str  # sine or brownnoise
    frequency: float  # Hz, sines only
    start: float  # s from the sound's start
    length: float  # s
    level: float  # linear, before the whole sound is normalised
    decay: str  # fast or slow
    lowpass: float | None = None  # Hz, noise only


@dataclass(frozen=True)
class Sound:
    name: str
    peak_db: float  # the loudest sample, in dB below full scale
    layers: tuple[Layer, ...]

    @property
    def length(self) -> float:
        return round(max(layer.start + layer.length for layer in self.layers), 3)


def note(frequency: float, start: float, length: float, level: float = 1.0) -> tuple[Layer, ...]:
    """A mallet note: the fundamental rings, the 2nd and 4th partials fade fast."""
    return (
        Layer("sine", frequency, start, length, level, "slow"),
        Layer("sine", frequency * 2, start, length * 0.5, level * 0.3, "fast"),
        Layer("sine", frequency * 4, start, length * 0.25, level * 0.12, "fast"),
    )


def tock(start: float, pitch: float = 1.0, weight: float = 1.0) -> tuple[Layer, ...]:
    """A piece set down: a short knock (two damped resonances) and its click."""
    return (
        Layer("sine", 1040 * pitch, start, 0.07, 0.8, "fast"),
        Layer("sine", 520 * pitch, start, 0.09, 0.6 * weight, "fast"),
        Layer("brownnoise", 0.0, start, 0.025, 0.35 * weight, "fast", lowpass=3500),
    )


def thud(start: float) -> tuple[Layer, ...]:
    """The low body of a piece knocked off the board."""
    return (Layer("sine", 190, start, 0.08, 0.3, "fast"),)


def layers(*groups: tuple[Layer, ...]) -> tuple[Layer, ...]:
    return tuple(layer for group in groups for layer in group)


# The names are the apps' resource names without "sound_"; docs/ASSETS.md
# says when each is played.
SOUNDS: tuple[Sound, ...] = (
    Sound("move", -6, tock(0.0)),
    Sound("capture", -4, layers(tock(0.0, 0.9, 1.6), thud(0.0), tock(0.028, 1.15))),
    # The king's knock, then the rook's.
    Sound("castle", -6, layers(tock(0.0), tock(0.11, 1.12))),
    Sound("check", -5, layers(note(B5, 0.0, 0.2), note(E6, 0.09, 0.26))),
    Sound(
        "promotion",
        -5,
        layers(note(C6, 0.0, 0.22, 0.8), note(E6, 0.06, 0.22, 0.8), note(G6, 0.12, 0.24, 0.8), note(C7, 0.18, 0.3)),
    ),
    # A rising C major arpeggio into its chord.
    Sound(
        "game_end_win",
        -3,
        layers(
            note(C5, 0.0, 0.3),
            note(E5, 0.12, 0.3),
            note(G5, 0.24, 0.3),
            note(C5, 0.4, 0.6, 0.6),
            note(E5, 0.4, 0.6, 0.6),
            note(G5, 0.4, 0.6, 0.6),
            note(C6, 0.4, 0.6, 0.8),
        ),
    ),
    # Down to an open fifth, neither major nor minor.
    Sound("game_end_draw", -4, layers(note(D5, 0.0, 0.45), note(G4, 0.22, 0.6), note(D5, 0.22, 0.6, 0.5))),
    # Falling to A minor.
    Sound(
        "game_end_loss",
        -4,
        layers(note(E5, 0.0, 0.35), note(C5, 0.2, 0.35), note(A4, 0.4, 0.6), note(E5, 0.4, 0.6, 0.4)),
    ),
    # Two soft beeps.
    Sound("low_time", -7, layers(note(A5, 0.0, 0.09), note(A5, 0.14, 0.09))),
)


def render(sound: Sound, work: Path) -> Path:
    """The sound as 32-bit float WAV in `work`, peak at `sound.peak_db`."""
    parts = []
    for index, layer in enumerate(sound.layers):
        path = work / f"{sound.name}-{index}.wav"
        _sox(["-n", "-r", str(RATE), "-c", "1", "-b", "32", "-e", "floating-point", str(path)] + _effects(layer))
        parts.append(path)
    mixed = work / f"{sound.name}.wav"
    # -m scales each input by 1/n: sox mixes in fixed point, and a sum over
    # full scale would clip before the normalising gain could undo it.
    inputs = (["-m"] if len(parts) > 1 else []) + [str(part) for part in parts]
    _sox(inputs + ["-b", "32", "-e", "floating-point", str(mixed), "gain", "-n", str(sound.peak_db)])
    return mixed


def _effects(layer: Layer) -> list[str]:
    length = f"{layer.length:.4f}"
    source = [layer.kind] if layer.kind == "brownnoise" else ["sine", f"{layer.frequency:.2f}"]
    effects = ["synth", length] + source + ["vol", f"{layer.level:.4f}"]
    if layer.lowpass is not None:
        effects += ["lowpass", f"{layer.lowpass:.0f}"]
    effects += ["fade", "h", f"{ATTACK}"]
    # A fade-out over all but the attack: fast is sox's logarithmic fade,
    # slow its half cosine.
    effects += ["fade", "l" if layer.decay == "fast" else "h", "0", length, f"{layer.length - ATTACK:.4f}"]
    if layer.start > 0:
        effects += ["pad", f"{layer.start:.4f}"]
    return effects


def encode(source: Path, target: Path) -> None:
    """Ogg Vorbis (quality 3) or 16-bit PCM CAF, by the target's suffix."""
    options = ["-C", "3"] if target.suffix == ".ogg" else ["-b", "16", "-e", "signed-integer"]
    _sox([str(source)] + options + [str(target)])


def _sox(args: list[str]) -> None:
    # -R: the same noise on every run; -D: no dither, so silence stays 0.
    subprocess.run(["sox", "-R", "-D", "-V1"] + args, check=True, capture_output=True)


def render_all(target_for: dict[str, list[Path]]) -> None:
    """Renders every sound into each of its target files."""
    with tempfile.TemporaryDirectory(prefix="rokada-sounds-") as temp:
        for sound in SOUNDS:
            mixed = render(sound, Path(temp))
            for target in target_for[sound.name]:
                target.parent.mkdir(parents=True, exist_ok=True)
                encode(mixed, target)
