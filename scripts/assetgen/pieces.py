"""The cburnett pieces, read from python-chess (PyPI `chess`, chess.svg).

The version is the one tests/requirements.txt pins, so every machine
generates the same files; another installed version is refused.
"""

from __future__ import annotations

import re

from .outputs import ROOT
from .svgmodel import Drawing, parse_svg

COLORS = ("white", "black")
KINDS = ("king", "queen", "rook", "bishop", "knight", "pawn")
SYMBOLS = {"king": "k", "queen": "q", "rook": "r", "bishop": "b", "knight": "n", "pawn": "p"}
REQUIREMENTS = ROOT / "tests" / "requirements.txt"


class SourceError(RuntimeError):
    pass


def name(color: str, kind: str) -> str:
    """The resource name on both platforms: piece_white_king, ..."""
    return f"piece_{color}_{kind}"


def pinned_version() -> str:
    match = re.search(r"^chess==(\S+)$", REQUIREMENTS.read_text(encoding="utf-8"), re.MULTILINE)
    if not match:
        raise SourceError(f"{REQUIREMENTS.relative_to(ROOT)} does not pin chess==VERSION")
    return match.group(1)


def source_svgs() -> dict[str, str]:
    """name -> the SVG document chess.svg.piece() draws for that piece."""
    try:
        import chess
        import chess.svg
    except ImportError:
        raise SourceError("python-chess is not installed: pip install -r tests/requirements.txt") from None
    pinned = pinned_version()
    if chess.__version__ != pinned:
        raise SourceError(f"python-chess {chess.__version__} is installed, tests/requirements.txt pins {pinned}")
    svgs = {}
    for color in COLORS:
        for kind in KINDS:
            symbol = SYMBOLS[kind].upper() if color == "white" else SYMBOLS[kind]
            svgs[name(color, kind)] = str(chess.svg.piece(chess.Piece.from_symbol(symbol)))
    return svgs


def drawings() -> dict[str, Drawing]:
    return {key: parse_svg(svg, key) for key, svg in source_svgs().items()}


def version() -> str:
    import chess

    return chess.__version__
