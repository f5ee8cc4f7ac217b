//! The board drawn in the terminal: Unicode pieces, coordinates, the last
//! move and a checked king marked, from either side.

use rokada_core::session::GameSession;
use shakmaty::{Color, File, Piece, Position, Rank, Role, Square};

/// How the board is drawn.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Black at the bottom.
    pub flipped: bool,
    /// ANSI colours for squares and marks; without them, marks are brackets.
    pub color: bool,
}

const RESET: &str = "\x1b[0m";
const LIGHT: &str = "\x1b[48;5;180m";
const DARK: &str = "\x1b[48;5;137m";
const LAST_MOVE: &str = "\x1b[48;5;143m";
const CHECK: &str = "\x1b[48;5;167m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";

pub fn render(session: &GameSession, style: Style) -> String {
    let board = session.position().board();
    let last = session.last_move();
    let check = session.checked_king();
    let mut files: Vec<File> = File::ALL.to_vec();
    let mut ranks: Vec<Rank> = Rank::ALL.iter().rev().copied().collect();
    if style.flipped {
        files.reverse();
        ranks.reverse();
    }
    let file_line: String = files.iter().map(|f| format!(" {} ", f.char())).collect();
    let mut out = format!("   {file_line}\n");
    for &rank in &ranks {
        out.push_str(&format!(" {} ", rank.char()));
        for &file in &files {
            let square = Square::from_coords(file, rank);
            let piece = board.piece_at(square);
            let is_last = last.is_some_and(|(from, to)| square == from || square == to);
            let is_check = check == Some(square);
            out.push_str(&cell(square, piece, is_last, is_check, style));
        }
        out.push_str(&format!(" {}\n", rank.char()));
    }
    out.push_str(&format!("   {file_line}\n"));
    out
}

fn cell(
    square: Square,
    piece: Option<Piece>,
    is_last: bool,
    is_check: bool,
    style: Style,
) -> String {
    if style.color {
        let background = match (is_check, is_last, square.is_light()) {
            (true, _, _) => CHECK,
            (_, true, _) => LAST_MOVE,
            (_, _, true) => LIGHT,
            _ => DARK,
        };
        let glyph = match piece {
            Some(p) => {
                let ink = if p.color == Color::White {
                    WHITE_PIECE
                } else {
                    BLACK_PIECE
                };
                format!("{ink}{}", solid_glyph(p.role))
            }
            None => " ".to_owned(),
        };
        format!("{background} {glyph} {RESET}")
    } else {
        let glyph = piece.map_or(if square.is_light() { '·' } else { ' ' }, outline_glyph);
        let (open, close) = match (is_check, is_last) {
            (true, _) => ('<', '>'),
            (_, true) => ('[', ']'),
            _ => (' ', ' '),
        };
        format!("{open}{glyph}{close}")
    }
}

/// Filled shapes for both colours; the ink tells them apart.
fn solid_glyph(role: Role) -> char {
    match role {
        Role::King => '♚',
        Role::Queen => '♛',
        Role::Rook => '♜',
        Role::Bishop => '♝',
        Role::Knight => '♞',
        Role::Pawn => '♟',
    }
}

/// Outlined shapes for White, filled for Black, when there is no colour.
fn outline_glyph(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, role) => solid_glyph(role),
    }
}
