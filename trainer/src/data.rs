//! Training positions: the lines `FEN;CENTIPAWNS;RESULT` that
//! `scripts/nnue_data.py` writes (score and result from White's point of
//! view), turned into the network's inputs and a target for the side to
//! move.

use std::fmt;

use rokada_core::engine::nnue::{SCALE, features};
use rokada_core::engine::static_eval;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

/// Most pieces a legal position has.
const MAX_PIECES: usize = 32;

/// One position: the inputs of both sides (the side to move's first) and
/// what the network should answer, a win probability for the side to move.
#[derive(Clone)]
pub struct Sample {
    pub ours: [u16; MAX_PIECES],
    pub theirs: [u16; MAX_PIECES],
    pub pieces: u8,
    pub target: f32,
    /// The hand-written evaluation for the side to move over `SCALE`: the
    /// network learns what to add to it.
    pub base: f32,
    /// Whether the position is worth the same with files a-h reversed: it
    /// is when no side may castle any more.
    pub symmetric: bool,
}

impl Sample {
    /// The side to move's inputs, then the other side's.
    pub fn inputs(&self) -> (&[u16], &[u16]) {
        let n = usize::from(self.pieces);
        (&self.ours[..n], &self.theirs[..n])
    }

    /// A sample of `position`, scored `centipawns` and ended `result` (1 a
    /// win, 0.5 a draw, 0 a loss), both from White's point of view, with the
    /// result weighted `lambda` against the score.
    pub fn new(position: &Chess, centipawns: i32, result: f32, lambda: f32) -> Sample {
        let us = position.turn();
        let board = position.board();
        let mut sample = Sample {
            ours: [0; MAX_PIECES],
            theirs: [0; MAX_PIECES],
            pieces: 0,
            target: 0.0,
            base: static_eval(position) as f32 / SCALE as f32,
            symmetric: position.castles().is_empty(),
        };
        for (slot, input) in sample.ours.iter_mut().zip(features(board, us)) {
            *slot = input as u16;
            sample.pieces += 1;
        }
        for (slot, input) in sample.theirs.iter_mut().zip(features(board, !us)) {
            *slot = input as u16;
        }
        let (score, result) = match us {
            Color::White => (centipawns, result),
            Color::Black => (-centipawns, 1.0 - result),
        };
        let expected = sigmoid(score as f32 / SCALE as f32);
        sample.target = lambda * result + (1.0 - lambda) * expected;
        sample
    }
}

impl Sample {
    /// The same position with files a-h reversed: every input's square
    /// mirrored left to right (the inputs number squares a1, b1, ...).
    pub fn mirrored(&self) -> Sample {
        let mut mirror = self.clone();
        for input in mirror.ours.iter_mut().chain(mirror.theirs.iter_mut()) {
            *input ^= 7;
        }
        mirror
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A line that is not `FEN;CENTIPAWNS;RESULT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLine {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BadLine {}

/// Parses one line (numbered from 1 in errors).
pub fn parse_line(text: &str, line: usize, lambda: f32) -> Result<Sample, BadLine> {
    let bad = |reason: String| BadLine { line, reason };
    let mut parts = text.split(';');
    let (Some(fen), Some(cp), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad("expected FEN;CENTIPAWNS;RESULT".to_owned()));
    };
    let position: Chess = Fen::from_ascii(fen.trim().as_bytes())
        .map_err(|e| bad(format!("bad FEN: {e}")))?
        .into_position(CastlingMode::Standard)
        .map_err(|e| bad(format!("illegal position: {e}")))?;
    let cp: i32 = cp
        .trim()
        .parse()
        .map_err(|e| bad(format!("bad score {cp:?}: {e}")))?;
    let result = match result.trim() {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        other => return Err(bad(format!("bad result {other:?}"))),
    };
    Ok(Sample::new(&position, cp, result, lambda))
}

/// Parses every line of `text`; blank lines are skipped.
pub fn parse(text: &str, lambda: f32) -> Result<Vec<Sample>, BadLine> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| parse_line(l, i + 1, lambda))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_black_to_move_sample_is_seen_from_black() {
        let line = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1;400;1.0";
        let sample = parse_line(line, 1, 0.0).unwrap();
        // White is a queen up (+400 for White): Black's expectation is low.
        assert!((sample.target - sigmoid(-1.0)).abs() < 1e-6);
        let (ours, theirs) = sample.inputs();
        assert_eq!((ours.len(), theirs.len()), (3, 3));
        let with_result = parse_line(line, 1, 1.0).unwrap();
        assert_eq!(with_result.target, 0.0);
    }

    #[test]
    fn a_position_without_castling_rights_is_mirrored_left_to_right() {
        let text =
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1;400;1.0\nr3k3/8/8/8/8/8/8/4K3 w q - 0 1;-500;0.0\n";
        let samples = parse(text, 0.0).unwrap();
        assert!(samples[0].symmetric && !samples[1].symmetric);
        let twin = parse_line("3k4/8/8/8/8/8/8/3KQ3 w - - 0 1;400;1.0", 1, 0.0).unwrap();
        let sorted = |s: &Sample| {
            let (ours, theirs) = s.inputs();
            let (mut ours, mut theirs) = (ours.to_vec(), theirs.to_vec());
            ours.sort_unstable();
            theirs.sort_unstable();
            (ours, theirs)
        };
        assert_eq!(sorted(&samples[0].mirrored()), sorted(&twin));
        assert_eq!(samples[0].mirrored().target, twin.target);
    }

    #[test]
    fn bad_lines_name_their_number_and_fault() {
        let text =
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1;10;0.5\n\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1;ten;0.5\n";
        let err = parse(text, 0.5).err().unwrap();
        assert_eq!(err.line, 3);
        assert!(err.reason.contains("bad score"), "{err}");
        let err = parse_line("8/8/8/8/8/8/8/8 w - - 0 1;0;0.5", 7, 0.5)
            .err()
            .unwrap();
        assert!(
            err.to_string().starts_with("line 7: illegal position"),
            "{err}"
        );
        assert!(parse_line("a;b", 1, 0.5).is_err());
        assert!(parse_line("4k3/8/8/8/8/8/8/3QK3 w - - 0 1;0;2", 1, 0.5).is_err());
    }
}
