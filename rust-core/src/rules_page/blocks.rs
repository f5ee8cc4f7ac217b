//! The rules page as typed blocks, parsed once here so that no app needs a
//! Markdown parser.
//!
//! The pages (`locales/rules/<lang>.md`) use a small part of Markdown:
//! headings, paragraphs, bullet and numbered items of one line each, tables,
//! notation as code spans, and `{{diagram:<id>}}` lines, each followed
//! directly (without a blank line) by its caption. Anything else is refused
//! with the line it stands on, so an edit can never silently drop text.

use std::{fmt, sync::LazyLock};

use super::{Diagram, diagram};
pub use crate::text::Language;

/// The page's Markdown source in `language`.
pub fn source(language: Language) -> &'static str {
    match language {
        Language::English => include_str!("../../../locales/rules/en.md"),
        Language::Hebrew => include_str!("../../../locales/rules/he.md"),
        Language::NorwegianBokmal => include_str!("../../../locales/rules/nb.md"),
        Language::Polish => include_str!("../../../locales/rules/pl.md"),
        Language::Bulgarian => include_str!("../../../locales/rules/bg.md"),
    }
}

/// A run of text within a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    Plain(String),
    /// Moves, squares and other notation, which read left to right in every
    /// language (a left-to-right isolate inside Hebrew text).
    Notation(String),
}

impl Span {
    pub fn text(&self) -> &str {
        match self {
            Span::Plain(t) | Span::Notation(t) => t,
        }
    }
}

/// The text of a block: its spans in reading order.
pub type Text = Vec<Span>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListMarker {
    Bullet,
    Number(u32),
}

/// One block of the page.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Heading {
        level: u8,
        text: Text,
    },
    Paragraph(Text),
    /// One item of a list; consecutive items form the list.
    ListItem {
        marker: ListMarker,
        text: Text,
    },
    Table {
        header: Vec<Text>,
        rows: Vec<Vec<Text>>,
    },
    Diagram {
        diagram: &'static Diagram,
        caption: Option<Text>,
    },
}

/// A construct of the page that the blocks do not model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageError {
    pub language: Language,
    /// Counting from 1.
    pub line: usize,
    pub kind: PageErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageErrorKind {
    /// A code span that is never closed.
    UnclosedNotation,
    /// Emphasis, links, HTML, escapes, block quotes, rules, fences, indented
    /// code: Markdown the page must not use.
    Unsupported(char),
    UnknownDiagram(String),
    /// A heading deeper than `######` or without text.
    BadHeading,
    /// A table row whose cells do not match the header, or a table without
    /// its separator row.
    BadTable,
    /// A line that continues a list item or a heading; each is one line.
    Continuation,
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rules page {} line {}: {:?}",
            self.language.code(),
            self.line,
            self.kind
        )
    }
}

impl std::error::Error for PageError {}

/// The page in `language`, as blocks.
pub fn page(language: Language) -> &'static [Block] {
    static PAGES: LazyLock<[Vec<Block>; 5]> = LazyLock::new(|| {
        // The pages are compiled in and `every_page_parses` parses them all,
        // so a failure here cannot reach a user.
        Language::ALL.map(|l| parse(l, source(l)).expect("embedded rules pages parse"))
    });
    let index = Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or_default();
    &PAGES[index]
}

/// Parses a page in the format of `locales/rules/*.md`.
pub fn parse(language: Language, source: &str) -> Result<Vec<Block>, PageError> {
    let mut parser = Parser {
        language,
        blocks: Vec::new(),
        open: Open::Nothing,
    };
    for (index, line) in source.lines().enumerate() {
        parser.line(index + 1, line)?;
    }
    parser.close()?;
    Ok(parser.blocks)
}

/// The block being read when a line arrives.
enum Open {
    Nothing,
    Paragraph {
        line: usize,
        text: String,
    },
    /// A heading or list item just read: the next line must end it.
    Single,
    Table {
        line: usize,
        rows: Vec<Vec<String>>,
        separated: bool,
    },
    Diagram {
        diagram: &'static Diagram,
        caption: Option<(usize, String)>,
    },
}

struct Parser {
    language: Language,
    blocks: Vec<Block>,
    open: Open,
}

impl Parser {
    fn error(&self, line: usize, kind: PageErrorKind) -> PageError {
        PageError {
            language: self.language,
            line,
            kind,
        }
    }

    fn line(&mut self, number: usize, line: &str) -> Result<(), PageError> {
        if line.trim().is_empty() {
            return self.close();
        }
        if line.starts_with([' ', '\t']) {
            return Err(self.error(number, PageErrorKind::Unsupported(' ')));
        }
        if line.starts_with('|') {
            return self.table_row(number, line);
        }
        if matches!(self.open, Open::Table { .. }) {
            return Err(self.error(number, PageErrorKind::BadTable));
        }
        if let Some(id) = line
            .strip_prefix("{{diagram:")
            .and_then(|rest| rest.strip_suffix("}}"))
        {
            self.close()?;
            let d = diagram(id)
                .ok_or_else(|| self.error(number, PageErrorKind::UnknownDiagram(id.to_owned())))?;
            self.open = Open::Diagram {
                diagram: d,
                caption: None,
            };
            return Ok(());
        }
        if let Some(heading) = heading(line) {
            let (level, text) =
                heading.ok_or_else(|| self.error(number, PageErrorKind::BadHeading))?;
            return self.single(number, |text| Block::Heading { level, text }, text);
        }
        if let Some(text) = line.strip_prefix("- ") {
            let marker = ListMarker::Bullet;
            return self.single(number, |text| Block::ListItem { marker, text }, text);
        }
        if let Some((n, text)) = numbered(line) {
            let marker = ListMarker::Number(n);
            return self.single(number, |text| Block::ListItem { marker, text }, text);
        }
        // Block quotes, other list markers, setext underlines and fences.
        if let Some(c) = line
            .chars()
            .next()
            .filter(|c| matches!(c, '>' | '*' | '+' | '=' | '~'))
        {
            return Err(self.error(number, PageErrorKind::Unsupported(c)));
        }
        if line.starts_with("```") {
            return Err(self.error(number, PageErrorKind::Unsupported('`')));
        }
        if line.starts_with("---") {
            return Err(self.error(number, PageErrorKind::Unsupported('-')));
        }
        match &mut self.open {
            Open::Paragraph { text, .. } => {
                text.push(' ');
                text.push_str(line.trim());
            }
            Open::Diagram { caption, .. } => match caption {
                Some((_, text)) => {
                    text.push(' ');
                    text.push_str(line.trim());
                }
                None => *caption = Some((number, line.trim().to_owned())),
            },
            Open::Single => return Err(self.error(number, PageErrorKind::Continuation)),
            Open::Nothing => {
                self.open = Open::Paragraph {
                    line: number,
                    text: line.trim().to_owned(),
                }
            }
            Open::Table { .. } => unreachable!("handled above"),
        }
        Ok(())
    }

    /// A block of exactly one line.
    fn single(
        &mut self,
        number: usize,
        make: impl FnOnce(Text) -> Block,
        text: &str,
    ) -> Result<(), PageError> {
        self.close()?;
        let text = self.spans(number, text.trim())?;
        self.blocks.push(make(text));
        self.open = Open::Single;
        Ok(())
    }

    fn table_row(&mut self, number: usize, line: &str) -> Result<(), PageError> {
        let inner = line.trim_end();
        let Some(inner) = inner.strip_prefix('|').and_then(|r| r.strip_suffix('|')) else {
            return Err(self.error(number, PageErrorKind::BadTable));
        };
        let cells: Vec<String> = inner.split('|').map(|c| c.trim().to_owned()).collect();
        let is_separator = cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')));
        if !matches!(self.open, Open::Table { .. }) {
            self.close()?;
            if is_separator {
                return Err(self.error(number, PageErrorKind::BadTable));
            }
            self.open = Open::Table {
                line: number,
                rows: vec![cells],
                separated: false,
            };
            return Ok(());
        }
        let Open::Table {
            rows, separated, ..
        } = &mut self.open
        else {
            unreachable!("checked above")
        };
        let width = rows[0].len();
        if cells.len() != width || is_separator == *separated {
            return Err(self.error(number, PageErrorKind::BadTable));
        }
        if is_separator {
            *separated = true;
        } else {
            rows.push(cells);
        }
        Ok(())
    }

    /// Ends the open block.
    fn close(&mut self) -> Result<(), PageError> {
        match std::mem::replace(&mut self.open, Open::Nothing) {
            Open::Nothing | Open::Single => {}
            Open::Paragraph { line, text } => {
                let text = self.spans(line, &text)?;
                self.blocks.push(Block::Paragraph(text));
            }
            Open::Table {
                line,
                rows,
                separated,
            } => {
                if !separated {
                    return Err(self.error(line, PageErrorKind::BadTable));
                }
                let mut rows = rows
                    .iter()
                    .enumerate()
                    .map(|(i, row)| {
                        row.iter()
                            .map(|cell| self.spans(line + i, cell))
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let header = rows.remove(0);
                self.blocks.push(Block::Table { header, rows });
            }
            Open::Diagram { diagram, caption } => {
                let caption = caption
                    .map(|(line, text)| self.spans(line, &text))
                    .transpose()?;
                self.blocks.push(Block::Diagram { diagram, caption });
            }
        }
        Ok(())
    }

    /// Plain text and notation; any other inline Markdown is refused.
    fn spans(&self, line: usize, text: &str) -> Result<Text, PageError> {
        let mut spans = Vec::new();
        for (i, part) in text.split('`').enumerate() {
            if i % 2 == 1 {
                spans.push(Span::Notation(part.to_owned()));
                continue;
            }
            if let Some(c) = part
                .chars()
                .find(|c| matches!(c, '*' | '_' | '[' | ']' | '<' | '>' | '\\' | '|'))
            {
                return Err(self.error(line, PageErrorKind::Unsupported(c)));
            }
            if !part.is_empty() {
                spans.push(Span::Plain(part.to_owned()));
            }
        }
        if text.matches('`').count() % 2 == 1 {
            return Err(self.error(line, PageErrorKind::UnclosedNotation));
        }
        Ok(spans)
    }
}

/// `# Title` to `###### Title`: `Some(None)` for a malformed heading.
fn heading(line: &str) -> Option<Option<(u8, &str)>> {
    let hashes = line.chars().take_while(|&c| c == '#').count();
    if hashes == 0 {
        return None;
    }
    let text = line[hashes..].strip_prefix(' ').map(str::trim);
    Some(match (u8::try_from(hashes), text) {
        (Ok(level @ 1..=6), Some(text)) if !text.is_empty() => Some((level, text)),
        _ => None,
    })
}

/// `12. Text`
fn numbered(line: &str) -> Option<(u32, &str)> {
    let (number, text) = line.split_once(". ")?;
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some((number.parse().ok()?, text))
}

#[cfg(test)]
#[path = "blocks_tests.rs"]
mod tests;
