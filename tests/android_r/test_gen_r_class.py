"""Tests for scripts/gen-r-class, run on small resource trees made here."""

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "gen-r-class"
FIELD = re.compile(r"^ {8}const val (\w+): Int = (0x[0-9a-f]{8}|[0-9]+)$")


def write(root: Path, rel: str, text: str = "") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def run(res: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--res", str(res), "--package", "app.rokada", "--out", str(out)],
        capture_output=True,
        text=True,
    )


def fields(r_kt: str) -> dict[str, dict[str, int]]:
    """type -> field -> id, read back from the generated source."""
    result: dict[str, dict[str, int]] = {}
    current = None
    for line in r_kt.splitlines():
        opened = re.match(r"^ {4}object (\w+) \{$", line)
        if opened:
            current = result.setdefault(opened.group(1), {})
            continue
        match = FIELD.match(line)
        if match and current is not None:
            current[match.group(1)] = int(match.group(2), 0)
    return result


def sample_tree(res: Path) -> None:
    write(res, "values/strings.xml", """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- comments are not resources -->
    <string name="app_name">Rokada</string>
    <string name="menu_new_game">New game</string>
    <plurals name="moves"><item quantity="one">%d move</item><item quantity="other">%d moves</item></plurals>
    <string-array name="levels"><item>Easy</item></string-array>
    <item type="id" name="declared_id"/>
</resources>""")
    write(res, "values-sr/strings.xml", """<resources>
    <string name="app_name">Рокада</string>
    <plurals name="moves"><item quantity="other">%d потеза</item></plurals>
</resources>""")
    write(res, "values/colors.xml", '<resources><color name="light_square">#f0d9b5</color></resources>')
    write(res, "values/dimens.xml", '<resources><dimen name="board_margin">8dp</dimen></resources>')
    write(res, "values/themes.xml",
          '<resources><style name="Theme.Rokada" parent="android:Theme.Material"/></resources>')
    write(res, "values/attrs.xml", """<resources>
    <declare-styleable name="BoardView">
        <attr name="flipped" format="boolean"/>
        <attr name="android:textColor"/>
    </declare-styleable>
</resources>""")
    write(res, "layout/activity_game.xml", """<LinearLayout
    xmlns:android="http://schemas.android.com/apk/res/android">
    <TextView android:id="@+id/clock_white"/>
    <TextView android:id="@+id/clock_black" android:layout_below="@id/clock_white"/>
</LinearLayout>""")
    write(res, "layout-land/activity_game.xml", """<LinearLayout
    xmlns:android="http://schemas.android.com/apk/res/android">
    <TextView android:id="@+id/clock_white"/>
</LinearLayout>""")
    write(res, "drawable/piece_wk.xml", "<vector/>")
    write(res, "drawable-nodpi/board_frame.9.png")
    write(res, "mipmap-hdpi/ic_launcher.png")
    write(res, "raw/opening_book.bin")
    write(res, "xml/network_config.xml", "<network-security-config/>")


def test_every_type_and_name_is_generated(tmp_path):
    res = tmp_path / "res"
    sample_tree(res)
    result = run(res, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    got = fields((tmp_path / "out/app/rokada/R.kt").read_text(encoding="utf-8"))
    assert set(got["string"]) == {"app_name", "menu_new_game"}
    assert set(got["plurals"]) == {"moves"}
    assert set(got["array"]) == {"levels"}
    assert set(got["id"]) == {"clock_black", "clock_white", "declared_id"}
    assert set(got["color"]) == {"light_square"}
    assert set(got["dimen"]) == {"board_margin"}
    assert set(got["style"]) == {"Theme_Rokada"}
    assert set(got["layout"]) == {"activity_game"}
    assert set(got["drawable"]) == {"board_frame", "piece_wk"}
    assert set(got["mipmap"]) == {"ic_launcher"}
    assert set(got["raw"]) == {"opening_book"}
    assert set(got["xml"]) == {"network_config"}
    assert set(got["attr"]) == {"flipped"}
    assert got["styleable"] == {"BoardView_flipped": 0, "BoardView_android_textColor": 1}


def test_ids_are_unique_in_app_space_and_stable(tmp_path):
    res = tmp_path / "res"
    sample_tree(res)
    assert run(res, tmp_path / "a").returncode == 0
    text = (tmp_path / "a/app/rokada/R.kt").read_text(encoding="utf-8")
    ids = [v for t, names in fields(text).items() if t != "styleable" for v in names.values()]
    assert len(ids) == len(set(ids))
    assert all(v >> 24 == 0x7F for v in ids)
    assert run(res, tmp_path / "b").returncode == 0
    assert (tmp_path / "b/app/rokada/R.kt").read_text(encoding="utf-8") == text
    styleable = re.search(r"val BoardView: IntArray = intArrayOf\((.*)\)", text).group(1)
    assert styleable == f"0x{fields(text)['attr']['flipped']:08x}, android.R.attr.textColor"


def test_duplicate_in_one_folder_is_refused(tmp_path):
    res = tmp_path / "res"
    write(res, "values/strings.xml", '<resources><string name="a">x</string></resources>')
    write(res, "values/more.xml", '<resources><string name="a">y</string></resources>')
    result = run(res, tmp_path / "out")
    assert result.returncode == 1
    assert "string/a is declared twice in values/" in result.stderr
    assert not (tmp_path / "out").exists()


def test_bad_file_name_is_refused(tmp_path):
    res = tmp_path / "res"
    write(res, "drawable/Bad-Name.png")
    result = run(res, tmp_path / "out")
    assert result.returncode == 1
    assert "Bad-Name.png" in result.stderr


def test_malformed_xml_and_unknown_folder_are_refused(tmp_path):
    res = tmp_path / "res"
    write(res, "values/strings.xml", "<resources><string name='a'>")
    assert "not well-formed XML" in run(res, tmp_path / "out").stderr
    res2 = tmp_path / "res2"
    write(res2, "pictures/a.png")
    assert "unknown resource folder type 'pictures'" in run(res2, tmp_path / "out").stderr


def test_keyword_name_is_refused(tmp_path):
    res = tmp_path / "res"
    write(res, "values/strings.xml", '<resources><string name="object">x</string></resources>')
    result = run(res, tmp_path / "out")
    assert result.returncode == 1
    assert "Kotlin keyword" in result.stderr
