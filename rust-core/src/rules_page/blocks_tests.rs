//! Every page parses into blocks of the same shape, and no text is lost.

use super::*;

fn all_pages() -> impl Iterator<Item = (Language, &'static [Block])> {
    Language::ALL.into_iter().map(|l| (l, page(l)))
}

#[test]
fn every_page_parses() {
    for language in Language::ALL {
        parse(language, source(language)).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// What must agree between translations: the kind of each block, heading
/// levels, list markers, table sizes, diagrams and which have captions.
fn shape(blocks: &[Block]) -> Vec<String> {
    blocks
        .iter()
        .map(|b| match b {
            Block::Heading { level, .. } => format!("heading {level}"),
            Block::Paragraph(_) => "paragraph".to_owned(),
            Block::ListItem { marker, .. } => format!("item {marker:?}"),
            Block::Table { header, rows } => format!("table {}x{}", header.len(), rows.len()),
            Block::Diagram { diagram, caption } => {
                format!("diagram {} {}", diagram.id, caption.is_some())
            }
        })
        .collect()
}

#[test]
fn the_pages_have_the_same_blocks_and_diagrams() {
    let english = shape(page(Language::English));
    for (language, blocks) in all_pages() {
        assert_eq!(shape(blocks), english, "{language:?}");
    }
    let shown: Vec<&str> = page(Language::English)
        .iter()
        .filter_map(|b| match b {
            Block::Diagram { diagram, .. } => Some(diagram.id.as_str()),
            _ => None,
        })
        .collect();
    let all: Vec<&str> = crate::rules_page::diagrams()
        .iter()
        .map(|d| d.id.as_str())
        .collect();
    assert_eq!(shown, all, "every diagram once, in data order");
}

/// The page's words, without the Markdown that marks them up.
fn source_text(source: &str) -> String {
    let mut words = Vec::new();
    for line in source.lines() {
        if line.starts_with("{{diagram:") || line.starts_with("|-") {
            continue;
        }
        let line = line.trim_start_matches('#').trim_start();
        let line = line.strip_prefix("- ").unwrap_or(line);
        let line = match numbered(line) {
            Some((_, rest)) => rest,
            None => line,
        };
        words.extend(
            line.replace('`', "")
                .replace('|', " ")
                .split_whitespace()
                .map(str::to_owned),
        );
    }
    words.join(" ")
}

fn text_words(text: &Text, words: &mut Vec<String>) {
    let joined: String = text.iter().map(Span::text).collect();
    words.extend(joined.split_whitespace().map(str::to_owned));
}

fn block_text(blocks: &[Block]) -> String {
    let mut words = Vec::new();
    for block in blocks {
        match block {
            Block::Heading { text, .. } | Block::Paragraph(text) | Block::ListItem { text, .. } => {
                text_words(text, &mut words)
            }
            Block::Table { header, rows } => {
                for cell in header.iter().chain(rows.iter().flatten()) {
                    text_words(cell, &mut words);
                }
            }
            Block::Diagram { caption, .. } => {
                if let Some(caption) = caption {
                    text_words(caption, &mut words);
                }
            }
        }
    }
    words.join(" ")
}

#[test]
fn no_text_is_dropped() {
    for (language, blocks) in all_pages() {
        assert_eq!(
            block_text(blocks),
            source_text(source(language)),
            "{language:?}"
        );
    }
}

#[test]
fn notation_is_its_own_span() {
    let knight = page(Language::Hebrew)
        .iter()
        .find_map(|b| match b {
            Block::Diagram { diagram, caption } if diagram.id == "knight-moves" => caption.clone(),
            _ => None,
        })
        .expect("knight caption");
    assert_eq!(knight[1], Span::Notation("e4".to_owned()));
    assert!(matches!(&knight[0], Span::Plain(t) if t.starts_with("הפרש")));
}

#[test]
fn markdown_the_blocks_do_not_model_is_refused() {
    let refused = [
        ("Some *emphasis* here.", PageErrorKind::Unsupported('*')),
        ("Some __strong__ text.", PageErrorKind::Unsupported('_')),
        (
            "A [link](https://example.org).",
            PageErrorKind::Unsupported('['),
        ),
        ("> A quotation.", PageErrorKind::Unsupported('>')),
        ("* A starred item.", PageErrorKind::Unsupported('*')),
        ("    indented code", PageErrorKind::Unsupported(' ')),
        ("```\ncode\n```", PageErrorKind::Unsupported('`')),
        ("---", PageErrorKind::Unsupported('-')),
        ("An <b>HTML</b> tag.", PageErrorKind::Unsupported('<')),
        ("A `code span.", PageErrorKind::UnclosedNotation),
        (
            "{{diagram:no-such-diagram}}",
            PageErrorKind::UnknownDiagram("no-such-diagram".into()),
        ),
        ("####### Too deep", PageErrorKind::BadHeading),
        ("| a | b |\n|---|---|\n| 1 |", PageErrorKind::BadTable),
        ("| a | b |\n| 1 | 2 |", PageErrorKind::BadTable),
        ("- An item\nthat goes on.", PageErrorKind::Continuation),
        ("# A heading\nthat goes on.", PageErrorKind::Continuation),
    ];
    for (source, kind) in refused {
        let error = parse(Language::English, source).expect_err(source);
        assert_eq!(error.kind, kind, "{source}");
    }
}

#[test]
fn the_modelled_markdown_parses() {
    let source = "# Title\n\nOne line\nand the next.\n\n- a `e4`\n1. b\n\n\
                  | x | y |\n|---|:-:|\n| `Nf3` | 2 |\n\n{{diagram:stalemate}}\nIts caption.\n";
    let blocks = parse(Language::English, source).unwrap();
    let plain = |t: &str| vec![Span::Plain(t.to_owned())];
    assert_eq!(
        blocks[0],
        Block::Heading {
            level: 1,
            text: plain("Title")
        }
    );
    assert_eq!(blocks[1], Block::Paragraph(plain("One line and the next.")));
    assert_eq!(
        blocks[2],
        Block::ListItem {
            marker: ListMarker::Bullet,
            text: vec![Span::Plain("a ".into()), Span::Notation("e4".into())]
        }
    );
    assert_eq!(
        blocks[3],
        Block::ListItem {
            marker: ListMarker::Number(1),
            text: plain("b")
        }
    );
    assert_eq!(
        blocks[4],
        Block::Table {
            header: vec![plain("x"), plain("y")],
            rows: vec![vec![vec![Span::Notation("Nf3".into())], plain("2")]]
        }
    );
    assert!(matches!(
        &blocks[5],
        Block::Diagram { diagram, caption: Some(c) } if diagram.id == "stalemate" && *c == plain("Its caption.")
    ));
    assert_eq!(blocks.len(), 6);
}
