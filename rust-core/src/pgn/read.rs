use std::fmt;

/// One game as read from PGN, not yet checked against the rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written, annotation glyphs (`!`, `?`) removed.
    pub moves: Vec<PgnMove>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What a list of a file's games shows of one, to pick it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PgnGameInfo {
    /// Its place in the file, from 0.
    pub index: u32,
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    pub date: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` as recorded.
    pub result: Option<String>,
    /// Main-line half-moves as written (not yet checked by the rules).
    pub plies: u32,
}

impl PgnGame {
    /// The game's entry in a list of a file's games.
    pub fn info(&self, index: usize) -> PgnGameInfo {
        let tag = |name| {
            self.tag(name)
                .filter(|v| !v.is_empty() && !v.starts_with('?'))
                .map(str::to_owned)
        };
        PgnGameInfo {
            index: u32::try_from(index).unwrap_or(u32::MAX),
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: self.result.clone().or_else(|| tag("Result")),
            plies: u32::try_from(self.moves.len()).unwrap_or(u32::MAX),
        }
    }
}

/// A main-line move and its half-move number in the game (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    pub ply: usize,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PgnErrorKind {
    UnterminatedComment,
    UnterminatedVariation,
    UnmatchedParenthesis,
    BadTag,
    /// A token in the move text that is neither a move, a move number, a NAG
    /// nor a result.
    UnexpectedToken,
    /// A move that does not parse, is ambiguous or is illegal where it stands.
    IllegalMove,
    /// A move after the game already ended (by the position).
    MoveAfterEnd,
    BadFen,
    NoGame,
}

/// A PGN text that cannot be read or played; `ply` is the half-move number
/// where a move is at fault (0 for problems before the first move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    pub kind: PgnErrorKind,
    pub ply: usize,
    pub text: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            PgnErrorKind::UnterminatedComment => "comment without closing brace",
            PgnErrorKind::UnterminatedVariation => "variation without closing parenthesis",
            PgnErrorKind::UnmatchedParenthesis => "closing parenthesis without variation",
            PgnErrorKind::BadTag => "malformed tag pair",
            PgnErrorKind::UnexpectedToken => "unexpected text",
            PgnErrorKind::IllegalMove => "illegal, ambiguous or unreadable move",
            PgnErrorKind::MoveAfterEnd => "move after the end of the game",
            PgnErrorKind::BadFen => "bad FEN",
            PgnErrorKind::NoGame => "no game found",
        };
        write!(f, "half-move {}: {what}: {}", self.ply, self.text)
    }
}

impl std::error::Error for PgnError {}

/// Reads every game in a PGN text.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = Reader { text, pos: 0 };
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_movetext = false;
    let mut depth = 0usize;
    while let Some(c) = reader.skip_space() {
        let error = |kind, ply, text: &str| PgnError {
            kind,
            ply,
            text: text.to_owned(),
        };
        let ply = game.moves.len();
        match c {
            '%' if reader.at_line_start() => reader.skip_line(),
            ';' => reader.skip_line(),
            '{' => {
                let start = reader.pos;
                if !reader.skip_past('}') {
                    return Err(error(
                        PgnErrorKind::UnterminatedComment,
                        ply,
                        reader.snippet(start),
                    ));
                }
            }
            '[' if depth == 0 => {
                if in_movetext {
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                }
                let start = reader.pos;
                let tag = reader
                    .tag()
                    .ok_or_else(|| error(PgnErrorKind::BadTag, 0, reader.snippet(start)))?;
                game.tags.push(tag);
            }
            '(' => {
                reader.pos += 1;
                depth += 1;
                in_movetext = true;
            }
            ')' => {
                if depth == 0 {
                    return Err(error(PgnErrorKind::UnmatchedParenthesis, ply, ")"));
                }
                reader.pos += 1;
                depth -= 1;
            }
            _ => {
                let token = reader.token();
                in_movetext = true;
                if depth > 0 {
                    continue;
                }
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = Some(token.to_owned());
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                    continue;
                }
                if let Some(nag) = token.strip_prefix('$') {
                    if nag.is_empty() || !nag.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(error(PgnErrorKind::UnexpectedToken, ply, token));
                    }
                    continue;
                }
                let san = strip_move_number(token).trim_end_matches(['!', '?']);
                if san.is_empty() {
                    continue;
                }
                if !san.starts_with(|c: char| c.is_ascii_alphabetic() || c == '0') {
                    return Err(error(PgnErrorKind::UnexpectedToken, ply + 1, token));
                }
                game.moves.push(PgnMove {
                    ply: ply + 1,
                    text: san.to_owned(),
                });
            }
        }
    }
    if depth > 0 {
        return Err(PgnError {
            kind: PgnErrorKind::UnterminatedVariation,
            ply: game.moves.len(),
            text: "(".to_owned(),
        });
    }
    if in_movetext || !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// The first game of a PGN text (tools and "open game" read one game).
pub fn parse_first_game(text: &str) -> Result<PgnGame, PgnError> {
    parse_games(text)?.into_iter().next().ok_or(PgnError {
        kind: PgnErrorKind::NoGame,
        ply: 0,
        text: String::new(),
    })
}

/// `12.e4` → `e4`, `12...` → ``, `e4` → `e4`.
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    /// Skips white space and returns the next character without consuming it.
    fn skip_space(&mut self) -> Option<char> {
        let rest = self.rest();
        let skipped = rest.len() - rest.trim_start().len();
        self.pos += skipped;
        self.rest().chars().next()
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text[..self.pos].ends_with('\n')
    }

    fn skip_line(&mut self) {
        self.pos = self
            .rest()
            .find('\n')
            .map_or(self.text.len(), |i| self.pos + i + 1);
    }

    fn skip_past(&mut self, end: char) -> bool {
        match self.rest().find(end) {
            Some(i) => {
                self.pos += i + end.len_utf8();
                true
            }
            None => {
                self.pos = self.text.len();
                false
            }
        }
    }

    fn snippet(&self, start: usize) -> &str {
        let rest = &self.text[start..];
        let end = rest.char_indices().nth(40).map_or(rest.len(), |(i, _)| i);
        rest[..end].lines().next().unwrap_or("")
    }

    /// A move-text token: everything up to white space or a delimiter.
    fn token(&mut self) -> &str {
        let rest = self.rest();
        let len = rest
            .find(|c: char| c.is_whitespace() || "{}()[];".contains(c))
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8));
        let start = self.pos;
        self.pos += len;
        &self.text[start..self.pos]
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Option<(String, String)> {
        let mut chars = self.rest().char_indices().peekable();
        chars.next().filter(|&(_, c)| c == '[')?;
        while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
        let mut name = String::new();
        while let Some((_, c)) = chars.next_if(|&(_, c)| c.is_ascii_alphanumeric() || c == '_') {
            name.push(c);
        }
        if name.is_empty() {
            return None;
        }
        while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
        chars.next().filter(|&(_, c)| c == '"')?;
        let mut value = String::new();
        loop {
            match chars.next()? {
                (_, '"') => break,
                (_, '\\') => value.push(chars.next()?.1),
                (_, '\n') => return None,
                (_, c) => value.push(c),
            }
        }
        while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
        let (i, _) = chars.next().filter(|&(_, c)| c == ']')?;
        self.pos += i + 1;
        Some((name, value))
    }
}
