//! A small opening book of mainstream lines, so that games start varied
//! and sound without spending search time.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use super::rng::Rng;
use super::search::hash;

const LINES: &[&str] = &[
    // Open games
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6",
    "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 d2d4 e4d6",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d3 d7d6",
    "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8e7 e1g1 e8g8",
    "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6 d4c6 b7c6",
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4 d2d4 d6d5",
    "e2e4 e7e5 b1c3 g8f6 g1f3 b8c6 f1b5 f8b4",
    // Sicilian
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5",
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6 b1c3 e7e5 d4b5 d7d6",
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6 b1c3 d8c7",
    "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7 d2d3 d7d6",
    "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5 d2d4 c5d4 g1f3 b8c6",
    // French, Caro-Kann, others against e4
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7",
    "e2e4 e7e6 d2d4 d7d5 b1d2 c7c5 e4d5 e6d5 g1f3 b8c6",
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5 e4g3 f5g6",
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6 f1e2 c6c5",
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c8f5",
    "e2e4 g7g6 d2d4 f8g7 b1c3 d7d6 g1f3 g8f6 f1e2 e8g8",
    // Closed games
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 h7h6",
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5",
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6 f1c4 c7c5",
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6 e2e3 c7c5 c2c3 b8c6",
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8 f1d3 d7d5",
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6 g2g3 c8b7 f1g2 f8e7",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8 f1e2 e7e5",
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5 e2e4 d5c3 b2c3 f8g7",
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6",
    "d2d4 g8f6 g1f3 e7e6 c1g5 c7c5 e2e3 h7h6 g5h4",
    // Flank openings
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5",
    "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7",
    "c2c4 g8f6 b1c3 e7e6 e2e4 d7d5 e4e5 d5d4",
    "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6 e1g1 c8g4 d2d3 b8d7",
    "g1f3 g8f6 c2c4 b7b6 g2g3 c8b7 f1g2 e7e6 e1g1 f8e7",
];

type Book = HashMap<u64, Vec<UciMove>>;

fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut book: Book = HashMap::new();
        for line in LINES {
            let mut pos = Chess::default();
            for token in line.split_whitespace() {
                let Ok(uci) = token.parse::<UciMove>() else {
                    break;
                };
                let Ok(m) = uci.to_move(&pos) else { break };
                let replies = book.entry(hash(&pos)).or_default();
                if !replies.contains(&uci) {
                    replies.push(uci);
                }
                pos.play_unchecked(m);
            }
        }
        book
    })
}

/// A book move for `pos`, chosen by `seed` among the book's replies.
pub fn pick(pos: &Chess, seed: u64) -> Option<Move> {
    let key = hash(pos);
    let replies = book().get(&key)?;
    let index = (Rng::new(seed ^ key).next_u64() % replies.len() as u64) as usize;
    replies[index].to_move(pos).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_book_line_is_legal() {
        for line in LINES {
            let mut pos = Chess::default();
            for token in line.split_whitespace() {
                let uci: UciMove = token.parse().expect("book move is UCI");
                let m = uci
                    .to_move(&pos)
                    .unwrap_or_else(|_| panic!("{token} illegal in {line}"));
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn start_position_is_in_the_book() {
        let m = pick(&Chess::default(), 7).expect("book covers the start");
        assert!(Chess::default().is_legal(m));
    }
}
