//! The rules page as typed blocks, so the apps draw it without parsing
//! Markdown: headings, paragraphs, list items, tables and diagrams, each
//! with its text as plain and notation spans.

use super::diagrams::{RulesDiagram, to_record};
use crate::rules_page::{self, Block, ListMarker, Span};
use crate::text::Language;

/// A run of text. Notation (moves, squares) reads left to right in every
/// language: inside Hebrew text the app isolates it (U+2066 … U+2069).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum RulesSpan {
    Plain { text: String },
    Notation { text: String },
}

/// One cell of a table.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RulesCell {
    pub spans: Vec<RulesSpan>,
}

/// A list item's marker: a bullet, or its number in a numbered list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum RulesListMarker {
    Bullet,
    Number { number: u32 },
}

/// One block of the rules page, in reading order.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum RulesPageBlock {
    /// Level 1 is the page title, 2 a section.
    Heading {
        level: u8,
        spans: Vec<RulesSpan>,
    },
    Paragraph {
        spans: Vec<RulesSpan>,
    },
    /// Consecutive items form one list.
    ListItem {
        marker: RulesListMarker,
        spans: Vec<RulesSpan>,
    },
    Table {
        header: Vec<RulesCell>,
        rows: Vec<Vec<RulesCell>>,
    },
    /// A board to draw, and the text under it (empty when it has none).
    Diagram {
        diagram: RulesDiagram,
        caption: Vec<RulesSpan>,
    },
}

/// The rules page in `language`.
#[uniffi::export]
pub fn rules_page(language: Language) -> Vec<RulesPageBlock> {
    rules_page::page(language).iter().map(to_block).collect()
}

fn spans(text: &[Span]) -> Vec<RulesSpan> {
    text.iter()
        .map(|s| match s {
            Span::Plain(t) => RulesSpan::Plain { text: t.clone() },
            Span::Notation(t) => RulesSpan::Notation { text: t.clone() },
        })
        .collect()
}

fn cells(row: &[Vec<Span>]) -> Vec<RulesCell> {
    row.iter()
        .map(|cell| RulesCell { spans: spans(cell) })
        .collect()
}

fn to_block(block: &Block) -> RulesPageBlock {
    match block {
        Block::Heading { level, text } => RulesPageBlock::Heading {
            level: *level,
            spans: spans(text),
        },
        Block::Paragraph(text) => RulesPageBlock::Paragraph { spans: spans(text) },
        Block::ListItem { marker, text } => RulesPageBlock::ListItem {
            marker: match marker {
                ListMarker::Bullet => RulesListMarker::Bullet,
                ListMarker::Number(number) => RulesListMarker::Number { number: *number },
            },
            spans: spans(text),
        },
        Block::Table { header, rows } => RulesPageBlock::Table {
            header: cells(header),
            rows: rows.iter().map(|row| cells(row)).collect(),
        },
        Block::Diagram { diagram, caption } => RulesPageBlock::Diagram {
            diagram: to_record(diagram),
            caption: caption.as_deref().map(spans).unwrap_or_default(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Language; 5] = Language::ALL;

    #[test]
    fn every_language_has_the_same_blocks_and_diagrams() {
        let kinds = |blocks: &[RulesPageBlock]| -> Vec<String> {
            blocks
                .iter()
                .map(|b| match b {
                    RulesPageBlock::Diagram { diagram, .. } => diagram.id.clone(),
                    other => format!("{:?}", std::mem::discriminant(other)),
                })
                .collect()
        };
        let english = rules_page(Language::English);
        let diagrams = english
            .iter()
            .filter(|b| matches!(b, RulesPageBlock::Diagram { .. }))
            .count();
        assert_eq!(diagrams, rules_page::diagrams().len());
        for language in ALL {
            assert_eq!(
                kinds(&rules_page(language)),
                kinds(&english),
                "{language:?}"
            );
        }
    }

    #[test]
    fn blocks_carry_what_the_screen_draws() {
        let page = rules_page(Language::Polish);
        assert!(matches!(
            &page[0],
            RulesPageBlock::Heading { level: 1, spans } if spans == &[RulesSpan::Plain { text: "Zasady gry w szachy".into() }]
        ));
        let castling = page
            .iter()
            .find_map(|b| match b {
                RulesPageBlock::Diagram { diagram, caption }
                    if diagram.id == "castling-f1-attacked" =>
                {
                    Some((diagram, caption))
                }
                _ => None,
            })
            .expect("castling diagram");
        assert_eq!(castling.0.marked, vec![crate::ffi::Square::F1]);
        assert!(
            castling
                .1
                .contains(&RulesSpan::Notation { text: "c4".into() })
        );
        let table = page
            .iter()
            .find_map(|b| match b {
                RulesPageBlock::Table { header, rows } => Some((header.len(), rows.len())),
                _ => None,
            })
            .expect("a table");
        assert_eq!(table, (3, 6));
        assert!(page.iter().any(|b| matches!(
            b,
            RulesPageBlock::ListItem {
                marker: RulesListMarker::Number { number: 3 },
                ..
            }
        )));
    }
}
