"""Writing generated files, or checking that the committed ones are current."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def xcode_json(value: dict) -> bytes:
    """JSON laid out the way Xcode writes an asset catalog's Contents.json,
    so opening the catalog in Xcode does not rewrite it."""
    return (json.dumps(value, indent=2, separators=(",", " : "), ensure_ascii=False) + "\n").encode()


def owned_files(patterns: list[str]) -> set[Path]:
    """The files on disk that the generator owns (by glob under ROOT)."""
    return {path for pattern in patterns for path in ROOT.glob(pattern) if path.is_file()}


def apply(outputs: dict[Path, bytes], owned: list[str], check: bool, program: str) -> int:
    """Writes `outputs` and deletes owned files that are no longer generated;
    with `check`, changes nothing and reports every difference instead.
    Returns the exit status."""
    stale = sorted(owned_files(owned) - set(outputs))
    if check:
        problems = [f"{_rel(p)}: not generated any more" for p in stale]
        for path, content in sorted(outputs.items()):
            if not path.is_file():
                problems.append(f"{_rel(path)}: missing")
            elif path.read_bytes() != content:
                problems.append(f"{_rel(path)}: differs from what {program} generates")
        for problem in problems:
            print(f"{program} --check: {problem}", file=sys.stderr)
        if problems:
            print(f"{program} --check: run {program} and commit the result", file=sys.stderr)
            return 1
        print(f"{program} --check: {len(outputs)} files current")
        return 0
    for path in stale:
        path.unlink()
    for path, content in sorted(outputs.items()):
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != content:
            path.write_bytes(content)
    print(f"{program}: {len(outputs)} files written, {len(stale)} removed")
    return 0


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))
