"""The rules page says the same thing in every language, shows every
diagram, and keeps notation left-to-right inside Hebrew text. Its numbers,
verdicts and captions are checked against the rules engine in
rust-core/src/rules_page/prose_tests.rs."""

import json
import re
from collections import Counter

import pytest

from conftest import ROOT

LANGS = ("en", "he", "nb", "pl", "bg")
RULES = ROOT / "locales" / "rules"
DIAGRAMS = json.loads((ROOT / "rust-core" / "src" / "rules_page" / "diagrams.json").read_text(encoding="utf-8"))["diagrams"]
DIAGRAM_REF = re.compile(r"\{\{diagram:([a-z0-9-]+)\}\}")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
# A move, a move sequence or a square, as written in the app's notation.
NOTATION = re.compile(r"(?<![\w-])(?:O-O(?:-O)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?|[a-h][1-8]-[a-h][1-8])(?![\w-])")


def page(lang):
    return (RULES / f"{lang}.md").read_text(encoding="utf-8")


def notation_spans(text):
    return Counter(s for s in CODE_SPAN.findall(text) if NOTATION.search(s))


@pytest.mark.parametrize("lang", LANGS)
def test_same_diagrams_in_the_same_order(lang):
    assert DIAGRAM_REF.findall(page(lang)) == DIAGRAM_REF.findall(page("en"))


def test_every_diagram_is_shown_and_exists():
    refs = DIAGRAM_REF.findall(page("en"))
    ids = [d["id"] for d in DIAGRAMS]
    assert sorted(set(refs)) == sorted(ids)
    assert len(refs) == len(set(refs))


@pytest.mark.parametrize("lang", LANGS)
def test_same_sections(lang):
    def shape(text):
        return [line.split(" ", 1)[0] for line in text.splitlines() if line.startswith("#")]

    assert shape(page(lang)) == shape(page("en"))


@pytest.mark.parametrize("lang", LANGS)
def test_same_notation(lang):
    assert notation_spans(page(lang)) == notation_spans(page("en"))


def test_hebrew_notation_is_always_marked():
    text = CODE_SPAN.sub("", DIAGRAM_REF.sub("", page("he")))
    assert not NOTATION.findall(text)
    assert not re.search(r"(?<![A-Za-z])[KQRBN](?![A-Za-z])", text)


def test_exported_page_isolates_notation(gen):
    exported = gen.rules_page("he")
    assert "`" not in exported
    assert "\u2066Nf3\u2069" in exported
    assert DIAGRAM_REF.findall(exported) == DIAGRAM_REF.findall(page("he"))
