//! The move list as numbered rows, counted from the game's own start: a
//! game set up from a FEN with Black to move at move 23 begins with the row
//! `23. … Kf7`.

use shakmaty::Color;

use crate::session::PlayedMove;

/// One half-move in the list: tapping it shows the position after it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveCell {
    pub ply: u32,
    /// SAN with `+` or `#`, left to right in every language.
    pub san: String,
}

/// One numbered row: White's move and Black's reply. A row has no White
/// move when the game started with Black to move, and no Black move while
/// Black has yet to reply.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveRow {
    pub number: u32,
    pub white: Option<MoveCell>,
    pub black: Option<MoveCell>,
}

/// The rows of `moves`, in order.
pub fn move_rows(moves: &[PlayedMove]) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::with_capacity(moves.len() / 2 + 1);
    for m in moves {
        let cell = MoveCell {
            ply: u32::try_from(m.ply).unwrap_or(u32::MAX),
            san: m.san.clone(),
        };
        match (m.color, rows.last_mut()) {
            (Color::Black, Some(row)) if row.number == m.number && row.black.is_none() => {
                row.black = Some(cell);
            }
            (Color::White, _) => rows.push(MoveRow {
                number: m.number,
                white: Some(cell),
                black: None,
            }),
            (Color::Black, _) => rows.push(MoveRow {
                number: m.number,
                white: None,
                black: Some(cell),
            }),
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualTime;
    use crate::session::{GameConfig, GameSession, Mode};

    fn played(fen: Option<&str>, moves: &[&str]) -> GameSession {
        let mut config = GameConfig::new(Mode::SamePhone);
        config.start_fen = fen.map(str::to_owned);
        let mut session = GameSession::new(config, ManualTime::new()).unwrap();
        for m in moves {
            session.play_text(m).unwrap();
        }
        session
    }

    fn cell(ply: u32, san: &str) -> Option<MoveCell> {
        Some(MoveCell {
            ply,
            san: san.to_owned(),
        })
    }

    #[test]
    fn rows_from_the_standard_start() {
        let session = played(None, &["e4", "e5", "Nf3"]);
        assert_eq!(
            move_rows(session.moves()),
            [
                MoveRow {
                    number: 1,
                    white: cell(1, "e4"),
                    black: cell(2, "e5")
                },
                MoveRow {
                    number: 2,
                    white: cell(3, "Nf3"),
                    black: None
                },
            ]
        );
    }

    #[test]
    fn a_game_from_a_fen_with_black_to_move_numbers_from_the_fen() {
        let session = played(
            Some("4k3/8/8/8/8/8/4P3/4K3 b - - 7 23"),
            &["Kf7", "e4", "Ke6"],
        );
        assert_eq!(
            move_rows(session.moves()),
            [
                MoveRow {
                    number: 23,
                    white: None,
                    black: cell(1, "Kf7")
                },
                MoveRow {
                    number: 24,
                    white: cell(2, "e4"),
                    black: cell(3, "Ke6")
                },
            ]
        );
    }

    #[test]
    fn no_moves_no_rows() {
        assert!(move_rows(played(None, &[]).moves()).is_empty());
    }
}
