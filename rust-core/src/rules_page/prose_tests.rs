//! The page's prose, in every language, against the rules engine: the
//! numbers it quotes, the verdicts of its repetition table, and every square
//! and move its captions name.

use std::collections::BTreeSet;

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Square, san::San, san::SanPlus};

use super::*;
use crate::rules::{self, DrawClaim, EndReason};

/// The words of each language that the checks read.
struct Words {
    language: Language,
    /// The result cell of a draw that may be claimed.
    claimable: &'static str,
    /// The result cell of a draw that comes by itself.
    automatic: &'static str,
    /// "second", "third", "fifth" as the repetition example writes them.
    ordinals: [(&'static str, usize); 3],
}

const WORDS: [Words; 5] = [
    Words {
        language: Language::English,
        claimable: "a draw may be claimed",
        automatic: "draw, automatically",
        ordinals: [("second", 2), ("third", 3), ("fifth", 5)],
    },
    Words {
        language: Language::Hebrew,
        claimable: "אפשר לדרוש תיקו",
        automatic: "תיקו, אוטומטית",
        ordinals: [("השנייה", 2), ("השלישית", 3), ("החמישית", 5)],
    },
    Words {
        language: Language::NorwegianBokmal,
        claimable: "remis kan kreves",
        automatic: "remis, automatisk",
        ordinals: [("andre", 2), ("tredje", 3), ("femte", 5)],
    },
    Words {
        language: Language::Polish,
        claimable: "można zażądać remisu",
        automatic: "remis automatycznie",
        ordinals: [("drugi", 2), ("trzeci", 3), ("piąty", 5)],
    },
    Words {
        language: Language::Bulgarian,
        claimable: "може да се поиска реми",
        automatic: "реми автоматично",
        ordinals: [("втори", 2), ("трети", 3), ("пети", 5)],
    },
];

fn plain(text: &Text) -> String {
    text.iter()
        .map(|s| match s {
            Span::Plain(t) => t.as_str(),
            Span::Notation(_) => " ",
        })
        .collect()
}

/// The whole numbers of the plain text, in order; `8,902`, `8 902` and
/// `8.902` are one number.
fn numbers(text: &Text) -> Vec<u64> {
    let text: Vec<char> = plain(text).chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if !text[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut digits = String::new();
        loop {
            while i < text.len() && text[i].is_ascii_digit() {
                digits.push(text[i]);
                i += 1;
            }
            let group_follows = i + 4 <= text.len()
                && matches!(text[i], ',' | '.' | ' ' | '\u{a0}' | '\u{202f}')
                && text[i + 1..i + 4].iter().all(char::is_ascii_digit)
                && text.get(i + 4).is_none_or(|c| !c.is_ascii_digit());
            if !group_follows {
                break;
            }
            i += 1;
        }
        out.push(digits.parse().expect("digits"));
    }
    out
}

/// The repetition counts the plain text names with ordinal words, in order.
fn ordinals(text: &Text, words: &Words) -> Vec<usize> {
    plain(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(|w| {
            let w = w.to_lowercase();
            words
                .ordinals
                .iter()
                .find(|(o, _)| *o == w)
                .map(|(_, n)| *n)
        })
        .collect()
}

fn captions(language: Language) -> impl Iterator<Item = (&'static Diagram, Text)> {
    page(language).iter().filter_map(|b| match b {
        Block::Diagram { diagram, caption } => {
            Some((*diagram, caption.clone().unwrap_or_default()))
        }
        _ => None,
    })
}

fn caption(language: Language, id: &str) -> Text {
    captions(language)
        .find(|(d, _)| d.id == id)
        .map(|(_, c)| c)
        .unwrap_or_else(|| panic!("{language:?}: no diagram {id}"))
}

#[test]
fn the_start_position_numbers_are_the_engines() {
    let start = diagram("start-position").expect("diagram");
    let nodes: Vec<u64> = (1..=3)
        .map(|depth| shakmaty::perft(&start.position, depth))
        .collect();
    assert_eq!(nodes, [20, 400, 8_902], "the rules engine's count");
    for language in Language::ALL {
        assert_eq!(
            numbers(&caption(language, "start-position")),
            nodes,
            "{language:?}"
        );
    }
}

/// A position with no capture or pawn move for `halfmoves` half-moves.
fn quiet(halfmoves: u32) -> Chess {
    format!("7k/8/6K1/8/8/8/8/6R1 b - - {halfmoves} 120")
        .parse::<shakmaty::fen::Fen>()
        .expect("FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("legal")
}

#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Claimable,
    Automatic,
}

/// What the rules engine does when a position occurs for the `count`th
/// time: the draw it first allows there.
fn repetition_verdict(count: usize) -> Option<Verdict> {
    let pos = quiet(0);
    let claimable = |n| rules::claimable_draws(&pos, n).contains(&DrawClaim::ThreefoldRepetition);
    let ends =
        |n| rules::automatic_end(&pos, n).map(|e| e.reason) == Some(EndReason::FivefoldRepetition);
    if ends(count) && !ends(count - 1) {
        Some(Verdict::Automatic)
    } else if claimable(count) && !claimable(count - 1) {
        Some(Verdict::Claimable)
    } else {
        None
    }
}

/// What the rules engine does once each player has made `moves` moves
/// without capture or pawn move.
fn move_count_verdict(moves: u64) -> Option<Verdict> {
    let at = |h: u64| quiet(u32::try_from(h).expect("small"));
    let halfmoves = 2 * moves;
    let claimable = |h| rules::claimable_draws(&at(h), 1).contains(&DrawClaim::FiftyMoveRule);
    let ends = |h| {
        rules::automatic_end(&at(h), 1).map(|e| e.reason) == Some(EndReason::SeventyFiveMoveRule)
    };
    if ends(halfmoves) && !ends(halfmoves - 1) {
        Some(Verdict::Automatic)
    } else if claimable(halfmoves) && !claimable(halfmoves - 1) {
        Some(Verdict::Claimable)
    } else {
        None
    }
}

#[test]
fn the_repetition_table_says_what_the_engine_does() {
    let fifty = u64::from(rules::FIFTY_MOVE_HALFMOVES / 2);
    let seventy_five = u64::from(rules::SEVENTY_FIVE_MOVE_HALFMOVES / 2);
    for words in &WORDS {
        let language = words.language;
        let blocks = page(language);
        let heading = blocks
            .iter()
            .position(|b| matches!(b, Block::Heading { text, .. } if numbers(text) == [fifty, seventy_five]))
            .unwrap_or_else(|| panic!("{language:?}: no heading naming {fifty} and {seventy_five}"));
        let Some((header, rows)) = blocks[heading..].iter().find_map(|b| match b {
            Block::Table { header, rows } => Some((header, rows)),
            _ => None,
        }) else {
            panic!("{language:?}: no repetition table");
        };
        assert_eq!(header.len(), 3, "{language:?}");
        let mut counts = BTreeSet::new();
        let mut move_rules = BTreeSet::new();
        for row in rows {
            let (name, when, result) = (&row[0], &row[1], plain(&row[2]));
            let stated = match (
                result.contains(words.claimable),
                result.contains(words.automatic),
            ) {
                (true, false) => Verdict::Claimable,
                (false, true) => Verdict::Automatic,
                _ => panic!("{language:?}: {result:?} is neither claimable nor automatic"),
            };
            let (count, moves) = (ordinals(when, words), numbers(when));
            let actual = match (count.as_slice(), moves.as_slice()) {
                ([count], []) => {
                    counts.insert(*count);
                    repetition_verdict(*count)
                }
                ([], [moves]) => {
                    move_rules.insert(*moves);
                    assert_eq!(numbers(name), [*moves], "{language:?}: the rule's name");
                    move_count_verdict(*moves)
                }
                _ => panic!("{language:?}: {:?} names no single count", plain(when)),
            };
            assert_eq!(Some(stated), actual, "{language:?}: {:?}", plain(when));
        }
        assert_eq!(
            counts,
            BTreeSet::from([rules::THREEFOLD, rules::FIVEFOLD]),
            "{language:?}"
        );
        assert_eq!(
            move_rules,
            BTreeSet::from([fifty, seventy_five]),
            "{language:?}"
        );
    }
}

/// The move line of a code span such as `3. Nf3 Nf6 4. Ng1 Ng8`: the
/// number of its first move and its moves.
fn move_line(span: &str) -> Option<(usize, Vec<San>)> {
    let mut tokens = span.split_whitespace();
    let first: usize = tokens.next()?.strip_suffix('.')?.parse().ok()?;
    let moves = tokens
        .filter(|t| !t.ends_with('.'))
        .map(|t| t.parse::<San>().ok())
        .collect::<Option<Vec<_>>>()?;
    Some((first, moves))
}

#[test]
fn the_repetition_example_counts_what_the_engine_counts() {
    let d = diagram("knights-repetition").expect("diagram");
    verify(d).expect("the engine agrees with the data");
    let Claim::Repetition {
        line,
        threefold_after,
        fivefold_after,
    } = &d.claim
    else {
        panic!("not a repetition");
    };
    for words in &WORDS {
        let language = words.language;
        let text = caption(language, d.id.as_str());
        let half_moves: Vec<u64> = [threefold_after, fivefold_after]
            .map(|&n| n as u64)
            .to_vec();
        assert_eq!(numbers(&text), half_moves, "{language:?}");
        assert_eq!(
            ordinals(&text, words),
            [2, rules::THREEFOLD, rules::FIVEFOLD],
            "{language:?}"
        );
        let mut quoted = 0;
        for span in text.iter().filter_map(|s| match s {
            Span::Notation(t) => Some(t),
            Span::Plain(_) => None,
        }) {
            let (first, moves) = move_line(span).unwrap_or_else(|| panic!("{span:?}"));
            let start = 2 * (first - 1);
            assert_eq!(
                line.get(start..start + moves.len()),
                Some(moves.as_slice()),
                "{language:?}: {span}"
            );
            quoted += moves.len();
        }
        assert_eq!(
            quoted, *threefold_after,
            "{language:?}: the moves up to the third time"
        );
    }
}

/// The notation a caption must name, as the rules engine finds it in the
/// diagram's position: squares, moves, and a move line from the start.
fn expected_names(d: &Diagram) -> BTreeSet<String> {
    let pos = &d.position;
    let us = pos.turn();
    let board = pos.board();
    let attackers = |square: Square, by: Color| {
        board
            .attacks_to(square, by, board.occupied())
            .into_iter()
            .collect::<Vec<Square>>()
    };
    let mut names: Vec<String> = Vec::new();
    match &d.claim {
        Claim::Destinations { from, .. } => {
            names.push(from.to_string());
            names.extend(
                pos.legal_moves()
                    .iter()
                    .filter(|m| m.from() == Some(*from))
                    .map(|m| m.to().to_string()),
            );
        }
        Claim::Stalemate => {
            let king = board.king_of(us).expect("a king");
            names.push(king.to_string());
            for square in shakmaty::attacks::king_attacks(king) {
                assert!(
                    !attackers(square, !us).is_empty(),
                    "{}: {square} is free",
                    d.id
                );
                names.push(square.to_string());
            }
        }
        Claim::CastlingIllegal { attacked, .. } => {
            names.push(attacked.to_string());
            names.extend(attackers(*attacked, !us).iter().map(Square::to_string));
        }
        Claim::CastlingLegal { side, attacked } => {
            let king = board.king_of(us).expect("a king");
            let to = Square::from_coords(side.king_to_file(), us.backrank());
            names.extend([attacked.to_string(), king.to_string(), to.to_string()]);
        }
        Claim::EnPassantLegal { from, to } => {
            let last = d.last_move.expect("the double step");
            let capture = pos
                .legal_moves()
                .into_iter()
                .find(|m| {
                    matches!(m, Move::EnPassant { .. }) && m.from() == Some(*from) && m.to() == *to
                })
                .expect("en passant");
            let captured = Square::from_coords(to.file(), from.rank());
            names.extend([
                format!("{}-{}", last.from, last.to),
                from.to_string(),
                SanPlus::from_move(pos.clone(), capture).to_string(),
                captured.to_string(),
            ]);
        }
        Claim::Promotion { from, to } => {
            names.extend([from.to_string(), to.to_string()]);
            names.extend(
                pos.legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == Some(*from) && m.to() == *to)
                    .map(|m| SanPlus::from_move(pos.clone(), m).to_string()),
            );
        }
        Claim::Checkmate => {
            let king = board.king_of(us).expect("a king");
            names.push(king.to_string());
            for checker in pos.checkers() {
                names.push(checker.to_string());
                names.extend(attackers(checker, !us).iter().map(Square::to_string));
            }
        }
        _ => {}
    }
    names.into_iter().collect()
}

/// Plays a move line quoted from the start position and returns where it ends.
fn play_from_start(span: &str) -> Chess {
    let (first, moves) = move_line(span).unwrap_or_else(|| panic!("{span:?} is no move line"));
    assert_eq!(first, 1, "{span}: a line from the start");
    let mut pos = Chess::default();
    for san in moves {
        let m = san
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("{span}: {san} is illegal"));
        pos.play_unchecked(m);
    }
    pos
}

#[test]
fn every_caption_names_what_its_diagram_shows() {
    for language in Language::ALL {
        for (d, text) in captions(language) {
            if d.id == "knights-repetition" {
                continue; // its move lines are checked above
            }
            let mut names = BTreeSet::new();
            for span in &text {
                let Span::Notation(n) = span else { continue };
                if n.contains(' ') {
                    // A move line must lead from the start to the diagram.
                    assert_eq!(d.claim, Claim::Checkmate, "{language:?} {}: {n}", d.id);
                    let reached = play_from_start(n);
                    assert_eq!(
                        reached.board(),
                        d.position.board(),
                        "{language:?} {}: {n}",
                        d.id
                    );
                    assert_eq!(
                        reached.turn(),
                        d.position.turn(),
                        "{language:?} {}: {n}",
                        d.id
                    );
                } else {
                    names.insert(n.clone());
                }
            }
            assert_eq!(
                names,
                expected_names(d),
                "{language:?}: the caption of {}",
                d.id
            );
        }
    }
}

#[test]
fn the_castling_captions_are_about_the_side_they_name() {
    // The king-side diagram forbids O-O, the queen-side one allows O-O-O.
    let sides: Vec<CastlingSide> = diagrams()
        .iter()
        .filter_map(|d| match d.claim {
            Claim::CastlingIllegal { side, .. } | Claim::CastlingLegal { side, .. } => Some(side),
            _ => None,
        })
        .collect();
    assert_eq!(sides, [CastlingSide::KingSide, CastlingSide::QueenSide]);
}

#[test]
fn the_number_reader_reads_the_pages_formats() {
    let text = |t: &str| vec![Span::Plain(t.to_owned())];
    assert_eq!(numbers(&text("20, 400; 8,902.")), [20, 400, 8_902]);
    assert_eq!(
        numbers(&text("8 902 og 8\u{a0}902 og 8902")),
        [8_902, 8_902, 8_902]
    );
    assert_eq!(numbers(&text("8 × 8, 1 i 2")), [8, 8, 1, 2]);
    assert_eq!(numbers(&text("after 8 half-moves, 16")), [8, 16]);
}
