"""The locale sources are complete and consistent, and the generated Android,
iOS and terminal resources are fresh and faithful to them."""

import json
import plistlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT

LANGS = ("en", "he", "nb", "pl", "bg")

# CLDR 44 cardinal categories, written out here independently of the generator.
CLDR_CATEGORIES = {
    "en": {"one", "other"},
    "he": {"one", "two", "other"},
    "nb": {"one", "other"},
    "pl": {"one", "few", "many", "other"},
    "bg": {"one", "other"},
}

END_REASONS = {
    "checkmate", "stalemate", "insufficient_material", "dead_position", "fivefold_repetition",
    "seventy_five_move_rule", "threefold_repetition", "fifty_move_rule", "agreement",
    "resignation", "timeout", "timeout_cannot_mate",
}
REQUIRED_KEYS = {
    *(f"end.reason.{r}" for r in END_REASONS),
    "claim.threefold_repetition", "claim.fifty_move_rule",
    "error.illegal_move", "error.game_over", "error.not_your_turn", "error.promotion_needed",
    "error.bad_fen", "error.bad_pgn", "error.bad_save",
    "error.network.wrong_code", "error.network.incompatible_version", "error.network.peer_left",
    "error.network.connection_lost", "error.network.reconnecting",
    "home.two_players", "home.vs_computer", "home.host_wifi", "home.join_wifi", "home.resume",
    "home.rules", "home.settings",
    "game.menu.claim_threefold", "game.menu.claim_fifty", "game.menu.draw_agreement",
    "game.menu.offer_draw", "game.menu.accept_draw", "game.menu.decline_draw",
    "game.menu.resign", "game.menu.undo", "game.menu.flip_board", "game.menu.share_pgn",
    "game.menu.new_game",
    "promotion.queen", "promotion.rook", "promotion.bishop", "promotion.knight",
    "clock.flag_white", "clock.flag_black",
    "wifi.pairing_code", "wifi.waiting", "wifi.searching", "wifi.reconnecting", "wifi.peer_left",
    "wifi.wrong_code", "wifi.incompatible_version",
    "settings.language", "settings.move_hints", "settings.board_orientation", "settings.sound",
    "a11y.square_piece", "a11y.square_empty",
    *(f"a11y.piece.{c}_{p}" for c in ("white", "black")
      for p in ("king", "queen", "rook", "bishop", "knight", "pawn")),
}

CHESS_TERMS = {
    "en": {"knight": "Knight", "bishop": "Bishop", "rook": "Rook", "queen": "Queen", "king": "King", "pawn": "Pawn"},
    "nb": {"knight": "Springer", "bishop": "Løper", "rook": "Tårn", "queen": "Dronning", "king": "Konge", "pawn": "Bonde"},
    "pl": {"knight": "Skoczek", "bishop": "Goniec", "rook": "Wieża", "queen": "Hetman", "king": "Król", "pawn": "Pion"},
    "bg": {"knight": "Кон", "bishop": "Офицер", "rook": "Топ", "queen": "Дама", "king": "Цар", "pawn": "Пешка"},
    "he": {"knight": "פרש", "bishop": "רץ", "rook": "צריח", "queen": "מלכה", "king": "מלך", "pawn": "רגלי"},
}

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def forms(value):
    return [value] if isinstance(value, str) else list(value.values())


def names(value):
    return {n for form in forms(value) for n in PLACEHOLDER.findall(form)}


def test_generated_files_are_fresh():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen-strings"), "--check"],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr


def test_check_notices_a_stale_or_missing_file(gen, tmp_path):
    fresh, changed, missing = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    fresh.write_bytes(b"same")
    changed.write_bytes(b"old")
    assert gen.stale({fresh: b"same", changed: b"new", missing: b"x"}) == [changed, missing]


@pytest.mark.parametrize("lang", LANGS)
def test_same_keys_as_base(strings, lang):
    assert strings[lang].keys() == strings["en"].keys()


def test_required_keys_exist(strings):
    assert REQUIRED_KEYS <= strings["en"].keys()
    assert {k.removeprefix("end.reason.") for k in strings["en"] if k.startswith("end.reason.")} == END_REASONS


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_or_padded_text(strings, lang):
    for key, value in strings[lang].items():
        for form in forms(value):
            assert form.strip(), f"{lang}: {key} is empty"
            assert form == form.strip(), f"{lang}: {key} has leading or trailing space"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_base(gen, strings, lang):
    for key, base in strings["en"].items():
        value = strings[lang][key]
        assert isinstance(value, str) == isinstance(base, str), f"{lang}: {key} plural mismatch"
        assert names(value) == names(base), f"{lang}: {key} placeholders differ"
        assert names(value) <= gen.PLACEHOLDERS, f"{lang}: {key} has an unknown placeholder"
        if not isinstance(value, str):
            # Every form except the single-number ones must show the number.
            for category, form in value.items():
                if category not in ("one", "two"):
                    assert "{count}" in form, f"{lang}: {key}.{category} lacks {{count}}"
        stray = re.sub(PLACEHOLDER, "", " ".join(forms(value)))
        assert "{" not in stray and "}" not in stray, f"{lang}: {key} has a malformed placeholder"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_categories_follow_cldr(gen, strings, lang):
    assert set(gen.PLURAL_CATEGORIES[lang]) == CLDR_CATEGORIES[lang]
    plurals = {k: v for k, v in strings[lang].items() if not isinstance(v, str)}
    assert plurals
    for key, value in plurals.items():
        assert set(value) == CLDR_CATEGORIES[lang], f"{lang}: {key} has {sorted(value)}"


@pytest.mark.parametrize("lang", LANGS)
def test_chess_terms(strings, lang):
    for role, word in CHESS_TERMS[lang].items():
        assert strings[lang][f"piece.{role}"] == word
        if role not in ("king", "pawn"):
            assert strings[lang][f"promotion.{role}"] == word
        for color in ("white", "black"):
            description = strings[lang][f"a11y.piece.{color}_{role}"]
            assert word.lower() in description.lower(), f"{lang}: {color} {role}"


def isolate_spans(text):
    """Checks isolates are balanced and returns, for each placeholder, the
    innermost isolate opening it sits in (None when outside)."""
    stack, where = [], {}
    for m in re.finditer(f"[{LRI}{RLI}{FSI}{PDI}]|" + PLACEHOLDER.pattern, text):
        token = m.group(0)
        if token == PDI:
            assert stack, f"unbalanced PDI in {text!r}"
            stack.pop()
        elif token in (LRI, RLI, FSI):
            stack.append(token)
        else:
            where.setdefault(m.group(1), set()).add(stack[-1] if stack else None)
    assert not stack, f"unclosed isolate in {text!r}"
    return where


@pytest.mark.parametrize("lang", LANGS)
def test_isolates_are_balanced(strings, lang):
    for value in strings[lang].values():
        for form in forms(value):
            isolate_spans(form)


def test_hebrew_isolates_notation_and_names(gen, strings):
    for key, value in strings["he"].items():
        for form in forms(value):
            for name, openers in isolate_spans(form).items():
                if name in gen.NOTATION_PLACEHOLDERS:
                    assert openers == {LRI}, f"he: {key}: {{{name}}} must be inside LRI…PDI"
                elif name in gen.NAME_PLACEHOLDERS:
                    assert openers == {FSI}, f"he: {key}: {{{name}}} must be inside FSI…PDI"


def test_hebrew_isolation_rule_catches_a_bare_move(gen):
    bare = "המסע האחרון: {move}"
    assert isolate_spans(bare)["move"] == {None}


# Android


def android_unescape(text):
    out, i = [], 0
    assert not re.search(r"(?<!\\)['\"]", text), f"unescaped quote in {text!r}"
    while i < len(text):
        c = text[i]
        if c == "\\":
            nxt = text[i + 1]
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
            assert nxt in "nt\\'\"@?", f"unknown escape \\{nxt}"
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def android_files(gen):
    for lang in LANGS:
        for suffix in gen.ANDROID_FOLDERS[lang]:
            yield lang, gen.ANDROID_RES / f"values{suffix}" / "strings.xml"


def expected_android(gen, strings, lang, key):
    order = gen.placeholder_order(strings["en"][key])
    value = strings[lang][key]
    if isinstance(value, str):
        return gen.positional(value, order, "d", "s")
    return {c: gen.positional(f, order, "d", "s") for c, f in value.items()}


def test_android_resources_parse_and_round_trip(gen, strings):
    for lang, path in android_files(gen):
        root = ET.parse(path).getroot()
        assert root.tag == "resources"
        seen = {}
        for el in root:
            name = el.get("name")
            assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name
            if el.tag == "string":
                seen[name] = android_unescape(el.text)
            else:
                assert el.tag == "plurals"
                seen[name] = {item.get("quantity"): android_unescape(item.text) for item in el}
        expected = {
            gen.android_name(k): expected_android(gen, strings, lang, k)
            for k in strings["en"]
            if gen.for_apps(k)
        }
        assert seen == expected, path


def test_android_format_arguments_are_positional(gen):
    spec = re.compile(r"%(?:%|\d+\$[ds])")
    for _, path in android_files(gen):
        text = path.read_text(encoding="utf-8")
        assert "%" not in spec.sub("", text), f"{path}: bare % outside a format specifier"


def test_android_hebrew_in_both_folders(gen):
    res = gen.ANDROID_RES
    assert (res / "values-iw" / "strings.xml").read_bytes() == (res / "values-he" / "strings.xml").read_bytes()


def test_android_escaping_of_special_text(gen):
    assert gen.android_escape("it's \"x\" & <y>") == "it\\'s \\\"x\\\" &amp; &lt;y&gt;"
    assert gen.android_escape("@home") == "\\@home"
    assert gen.android_escape("?x") == "\\?x"
    tricky = "a\\b 'c' \"d\" 50% @e\nf"
    assert android_unescape(ET.fromstring("<s>" + gen.android_escape(tricky) + "</s>").text) == tricky


# iOS

STRINGS_LINE = re.compile(r'^"((?:[^"\\]|\\.)*)" = "((?:[^"\\]|\\.)*)";$')


def ios_unescape(text):
    return re.sub(r"\\(.)", lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), text)


@pytest.mark.parametrize("lang", LANGS)
def test_ios_strings_and_stringsdict(gen, strings, lang):
    lproj = gen.IOS_RES / f"{lang}.lproj"
    parsed = {}
    for line in (lproj / "Localizable.strings").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("/*"):
            continue
        m = STRINGS_LINE.match(line)
        assert m, f"malformed line {line!r}"
        parsed[ios_unescape(m.group(1))] = ios_unescape(m.group(2))
    with (lproj / "Localizable.stringsdict").open("rb") as f:
        plurals = plistlib.load(f)
    for key, base in strings["en"].items():
        if not gen.for_apps(key):
            continue
        order = gen.placeholder_order(base)
        value = strings[lang][key]
        if isinstance(value, str):
            assert parsed.pop(key) == gen.positional(value, order, "ld", "@")
        else:
            entry = plurals.pop(key)
            assert entry["NSStringLocalizedFormatKey"] == f"%{order.index('count') + 1}$#@count@"
            rule = entry["count"]
            assert rule["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType"
            categories = {c: rule[c] for c in rule if c in gen.ALL_CATEGORIES}
            assert categories == {c: gen.positional(f, order, "ld", "@") for c, f in value.items()}
    assert not parsed and not plurals, "resources hold keys the locales do not"


@pytest.mark.parametrize("lang", LANGS)
def test_ios_info_plist_strings(gen, strings, lang):
    lines = (gen.IOS_RES / f"{lang}.lproj" / "InfoPlist.strings").read_text(encoding="utf-8").splitlines()
    parsed = {}
    for line in lines:
        if not line or line.startswith("/*"):
            continue
        m = STRINGS_LINE.match(line)
        assert m, f"malformed line {line!r}"
        parsed[ios_unescape(m.group(1))] = ios_unescape(m.group(2))
    assert parsed == {plist: strings[lang][key] for plist, key in gen.IOS_INFO_PLIST.items()}
    assert all(parsed.values()), "a permission prompt is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_core_strings_match_locale(gen, strings, lang):
    data = json.loads((gen.CORE_STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
    assert data == strings[lang]
