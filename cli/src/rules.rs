//! `rokada rules [--lang L]`: the rules page, with its diagrams drawn as boards.
//! The page comes as blocks from the core, which parses it once for every app.

use std::{ffi::OsString, fmt::Write as _, io::Write as _, process::ExitCode};

use lexopt::{Arg, ValueExt as _};
use rokada_core::rules_page::{self, Block, Diagram, ListMarker, Span, Text};
use rokada_core::text::{self, Language, Strings};
use shakmaty::{Color, File, Position as _, Rank, Square};

use crate::i18n;

const LRI: char = '\u{2066}';
const PDI: char = '\u{2069}';

/// Runs `rokada rules` with the arguments after `rules`.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let lang = match parse_args(args) {
        Ok(lang) => lang.unwrap_or_else(i18n::from_env),
        Err(e) => {
            eprintln!("rokada rules: {e}\nusage: rokada rules [--lang en|he|nb|pl|bg]");
            return ExitCode::from(2);
        }
    };
    let page = render(text::strings(lang));
    match std::io::stdout().lock().write_all(page.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn parse_args(args: Vec<OsString>) -> Result<Option<Language>, lexopt::Error> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut lang = None;
    while let Some(arg) = parser.next()? {
        match arg {
            Arg::Long("lang") => lang = Some(parser.value()?.parse::<Language>()?),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(lang)
}

/// The whole rules page as terminal text, from the core's blocks.
pub fn render(strings: &Strings) -> String {
    let lang = strings.language();
    let mut out = String::new();
    let mut after_list = false;
    for block in rules_page::page(lang) {
        if after_list && !matches!(block, Block::ListItem { .. }) {
            out.push('\n');
        }
        after_list = false;
        match block {
            Block::Heading { level, text } => {
                let title = inline(text, lang);
                let rule = if *level == 1 { "═" } else { "─" };
                let _ = writeln!(out, "{title}\n{}\n", rule.repeat(width(&title)));
            }
            Block::Paragraph(text) => {
                let _ = writeln!(out, "{}\n", inline(text, lang));
            }
            Block::ListItem { marker, text } => {
                let marker = match marker {
                    ListMarker::Bullet => "-".to_owned(),
                    ListMarker::Number(n) => format!("{n}."),
                };
                let _ = writeln!(out, "{marker} {}", inline(text, lang));
                after_list = true;
            }
            Block::Table { header, rows } => {
                let cells = |row: &[Text]| row.iter().map(|c| inline(c, lang)).collect();
                let table: Vec<Vec<String>> = std::iter::once(cells(header))
                    .chain(rows.iter().map(|r| cells(r)))
                    .collect();
                let _ = writeln!(out, "{}", draw_table(&table));
            }
            Block::Diagram { diagram, caption } => {
                out.push_str(&draw_diagram(diagram, strings));
                if let Some(caption) = caption {
                    let _ = writeln!(out, "{}", inline(caption, lang));
                }
                out.push('\n');
            }
        }
    }
    out
}

/// Notation is a span of its own. In right-to-left text it becomes a
/// left-to-right isolate, so `O-O-O` or `1. e4 e5` keep their order.
fn inline(text: &Text, lang: Language) -> String {
    let mut out = String::new();
    for span in text {
        match span {
            Span::Notation(t) if lang.is_rtl() => {
                out.push(LRI);
                out.push_str(t);
                out.push(PDI);
            }
            other => out.push_str(other.text()),
        }
    }
    out
}

fn width(text: &str) -> usize {
    text.chars().filter(|c| !matches!(*c, LRI | PDI)).count()
}

fn draw_table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| width(s))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (index, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell}{}", " ".repeat(w - width(cell))))
            .collect();
        let _ = writeln!(out, "  {}", cells.join("  ").trim_end());
        if index == 0 {
            let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
            let _ = writeln!(out, "  {}", rule.join("  "));
        }
    }
    out
}

/// Draws the board from White's side in every language: files `a` to `h`
/// from left to right, ranks 8 to 1 from top to bottom. Squares of the last
/// move are bracketed, the checked king is in parentheses.
fn draw_diagram(diagram: &Diagram, strings: &Strings) -> String {
    let lang = strings.language();
    let board = diagram.position.board();
    let files = "    a  b  c  d  e  f  g  h";
    let mut lines = vec![files.to_owned()];
    for rank in Rank::ALL.into_iter().rev() {
        let mut line = format!(" {} ", rank.char());
        for file in File::ALL {
            let square = Square::from_coords(file, rank);
            let piece = board.piece_at(square).map_or('.', |p| p.char());
            let on_last_move = diagram
                .last_move
                .is_some_and(|m| m.from == square || m.to == square);
            let (open, close) = if diagram.checked_king == Some(square) {
                ('(', ')')
            } else if on_last_move {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            line.push(open);
            line.push(piece);
            line.push(close);
        }
        let _ = write!(line, " {}", rank.char());
        lines.push(line);
    }
    lines.push(files.to_owned());
    let mut out = String::new();
    for line in lines {
        if lang.is_rtl() {
            let _ = writeln!(out, "{LRI}{line}{PDI}");
        } else {
            let _ = writeln!(out, "{line}");
        }
    }
    let to_move = match diagram.position.turn() {
        Color::White => "rules.white_to_move",
        Color::Black => "rules.black_to_move",
    };
    let _ = writeln!(out, "{}", strings.text(to_move));
    if let Some(m) = diagram.last_move {
        let _ = writeln!(
            out,
            "{}",
            strings.format(
                "rules.diagram_last_move",
                &[("from", &m.from), ("to", &m.to)]
            )
        );
    }
    if let Some(king) = diagram.checked_king {
        let _ = writeln!(
            out,
            "{}",
            strings.format("rules.diagram_check", &[("square", &king)])
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_shows_every_diagram() {
        for lang in Language::ALL {
            let page = render(text::strings(lang));
            assert!(!page.contains("{{"), "{lang:?}");
            assert!(!page.contains('`'), "{lang:?}");
            assert!(!page.contains('{'), "{lang:?}: unfilled placeholder");
            let boards = page.matches("    a  b  c  d  e  f  g  h").count();
            assert_eq!(boards, 2 * rules_page::diagrams().len(), "{lang:?}");
        }
    }

    #[test]
    fn the_board_never_mirrors() {
        for lang in Language::ALL {
            let page = render(text::strings(lang));
            // The start position: Black's back rank on top, a-file on the left.
            let top = " 8  r  n  b  q  k  b  n  r  8";
            let bottom = " 1  R  N  B  Q  K  B  N  R  1";
            let (top, bottom) = if lang.is_rtl() {
                (format!("{LRI}{top}{PDI}"), format!("{LRI}{bottom}{PDI}"))
            } else {
                (top.to_owned(), bottom.to_owned())
            };
            let first = page.find(&top).expect("start position drawn");
            assert!(page[first..].contains(&bottom), "{lang:?}");
        }
    }

    #[test]
    fn marks_the_last_move_and_the_checked_king() {
        let d = rules_page::diagram("checkmate").expect("diagram");
        let board = draw_diagram(d, text::strings(Language::English));
        assert!(board.contains(" 8  r  .  b  q (k) b  .  r  8"), "{board}");
        assert!(board.contains(" 7  p  p  p  p  . [Q] p  p  7"), "{board}");
        assert!(board.contains(" 5  .  .  .  .  p  .  . [.] 5"), "{board}");
        assert!(board.contains("Last move: h5–f7"), "{board}");
        assert!(board.contains("The king on e8 is in check."), "{board}");
    }

    #[test]
    fn hebrew_notation_stays_left_to_right() {
        let page = render(text::strings(Language::Hebrew));
        assert!(page.contains(&format!("{LRI}O-O-O{PDI}")));
        assert!(page.contains(&format!("{LRI}1. Nf3 Nf6 2. Ng1 Ng8{PDI}")));
        let english = render(text::strings(Language::English));
        assert!(!english.contains(LRI));
    }

    #[test]
    fn arguments() {
        let args = |a: &[&str]| parse_args(a.iter().map(OsString::from).collect());
        assert_eq!(args(&["--lang", "pl"]).ok(), Some(Some(Language::Polish)));
        assert_eq!(args(&["--lang=bg"]).ok(), Some(Some(Language::Bulgarian)));
        assert_eq!(args(&[]).ok(), Some(None));
        assert!(args(&["--lang", "de"]).is_err());
        assert!(args(&["--colour"]).is_err());
    }
}
