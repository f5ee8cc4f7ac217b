//! The strongest levels' network: an efficiently updatable neural
//! network (NNUE) trained here on positions scored by Stockfish
//! (`scripts/nnue_data.py`, `trainer/`) to correct the hand-written
//! evaluation, to which the strongest levels add its output (`evaluator.rs`,
//! `LevelParams::network`).
//!
//! The network is a perspective network, 768 → 2 × [`HIDDEN`] → 1: each
//! side has an accumulator of [`HIDDEN`] values, the sum of one weight row
//! per piece on the board as that side sees it (its own pieces first, the
//! board turned for Black); both accumulators, the side to move's first, go
//! through a squared clipped ReLU into one output neuron. A move changes
//! at most four rows, so the search updates the accumulators of a child
//! position from its parent's instead of summing them anew.
//!
//! Weights are integers: the accumulators' in units of 1/[`QA`], the
//! output's of 1/[`QB`], as the trainer quantises them.

use std::fmt;
use std::sync::LazyLock;

use shakmaty::{Board, Color, File, Move, Role, Square};

/// Inputs: a colour relative to the perspective, a role and a square.
pub const INPUTS: usize = 768;
/// Values in each side's accumulator.
pub const HIDDEN: usize = 128;
/// The scale of the accumulator's weights: 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// The scale of the output's weights: 1.0 is stored as `QB`.
pub const QB: i32 = 64;
/// The network's output times this is its score in centipawns.
pub const SCALE: i32 = 400;

const MAGIC: &[u8; 4] = b"RKNN";
const VERSION: u16 = 1;
const HEADER: usize = 10;
/// Bytes of a network file: header, i16 weights and biases, i32 output bias.
pub const FILE_LEN: usize = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// The network that ships with the engine.
static EMBEDDED: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("rokada.nnue"))
        .expect("the embedded network is checked by the engine's tests")
});

/// Why bytes are not a network file of this engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with `RKNN`.
    NotANetwork,
    /// The file's format version is not the one this engine reads.
    UnsupportedVersion(u16),
    /// The file's layer sizes are not this engine's.
    WrongShape { inputs: u16, hidden: u16 },
    /// The file is shorter or longer than its shape says.
    WrongLength { expected: usize, found: usize },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => f.write_str("not a Rokada network file"),
            NetworkError::UnsupportedVersion(v) => {
                write!(f, "network format version {v}, this engine reads {VERSION}")
            }
            NetworkError::WrongShape { inputs, hidden } => write!(
                f,
                "network of {inputs} inputs and {hidden} hidden values, this engine uses {INPUTS} and {HIDDEN}"
            ),
            NetworkError::WrongLength { expected, found } => {
                write!(
                    f,
                    "network file of {found} bytes, its shape needs {expected}"
                )
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// A network's quantised weights, borrowed.
pub struct Quantized<'a> {
    /// One row per input.
    pub feature_weights: &'a [[i16; HIDDEN]],
    pub feature_bias: &'a [i16; HIDDEN],
    /// The side to move's accumulator's weights, then the other side's.
    pub output_weights: &'a [[i16; HIDDEN]; 2],
    pub output_bias: i32,
}

/// A quantised network.
pub struct Network {
    /// One row per input.
    feature_weights: Box<[[i16; HIDDEN]]>,
    feature_bias: [i16; HIDDEN],
    /// The side to move's accumulator's weights, then the other side's.
    output_weights: [[i16; HIDDEN]; 2],
    output_bias: i32,
}

impl Network {
    /// The network that ships with the engine.
    pub fn embedded() -> &'static Network {
        &EMBEDDED
    }

    /// Reads a network file as the trainer writes it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let version = word(4);
        if version != VERSION {
            return Err(NetworkError::UnsupportedVersion(version));
        }
        let (inputs, hidden) = (word(6), word(8));
        if usize::from(inputs) != INPUTS || usize::from(hidden) != HIDDEN {
            return Err(NetworkError::WrongShape { inputs, hidden });
        }
        if bytes.len() != FILE_LEN {
            return Err(NetworkError::WrongLength {
                expected: FILE_LEN,
                found: bytes.len(),
            });
        }
        let mut values = bytes[HEADER..FILE_LEN - 4]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut row = || {
            let mut row = [0i16; HIDDEN];
            for (slot, value) in row.iter_mut().zip(&mut values) {
                *slot = value;
            }
            row
        };
        let feature_weights = (0..INPUTS).map(|_| row()).collect();
        let feature_bias = row();
        let output_weights = [row(), row()];
        let tail = &bytes[FILE_LEN - 4..];
        let output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// A network from its quantised weights: one row per input, the
    /// accumulator's bias, the output's weights (side to move's first) and
    /// bias. For the trainer.
    pub fn from_quantized(
        feature_weights: Vec<[i16; HIDDEN]>,
        feature_bias: [i16; HIDDEN],
        output_weights: [[i16; HIDDEN]; 2],
        output_bias: i32,
    ) -> Result<Network, NetworkError> {
        if feature_weights.len() != INPUTS {
            return Err(NetworkError::WrongShape {
                inputs: u16::try_from(feature_weights.len()).unwrap_or(u16::MAX),
                hidden: HIDDEN as u16,
            });
        }
        Ok(Network {
            feature_weights: feature_weights.into_boxed_slice(),
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// The quantised weights, as [`Network::from_quantized`] takes them.
    /// For the trainer.
    pub fn quantized(&self) -> Quantized<'_> {
        Quantized {
            feature_weights: &self.feature_weights,
            feature_bias: &self.feature_bias,
            output_weights: &self.output_weights,
            output_bias: self.output_bias,
        }
    }

    /// The network as a file that [`Network::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_LEN);
        bytes.extend_from_slice(MAGIC);
        for word in [VERSION, INPUTS as u16, HIDDEN as u16] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        let rows = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(&self.output_weights);
        for value in rows.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// The score in centipawns for the side to move, `us`.
    pub fn evaluate(&self, accumulator: &Accumulator, us: Color) -> i32 {
        let ours = &accumulator.values[us as usize];
        let theirs = &accumulator.values[(!us) as usize];
        let sum = i64::from(screlu_dot(ours, &self.output_weights[0]))
            + i64::from(screlu_dot(theirs, &self.output_weights[1]));
        let output = sum / i64::from(QA) + i64::from(self.output_bias);
        (output * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// Σ clamp(v, 0, QA)² · w over one accumulator. The clamped value times a
/// weight fits an i16 (255 · 127), which lets the compiler pair the
/// multiplications; the sum of one side fits an i32 (128 · 255 · 255 · 127).
fn screlu_dot(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (&v, &w) in values.iter().zip(weights) {
        let v = v.clamp(0, QA as i16);
        sum += i32::from(v * w) * i32::from(v);
    }
    sum
}

/// The input of `color`'s piece `role` on `square`, as `perspective` sees
/// it: its own pieces first, the board turned vertically for Black.
pub fn feature(perspective: Color, color: Color, role: Role, square: Square) -> usize {
    let side = usize::from(color != perspective);
    let square = match perspective {
        Color::White => square,
        Color::Black => square.flip_vertical(),
    };
    (side * 6 + (role as usize - 1)) * 64 + square.to_usize()
}

/// The active inputs of `board` as `perspective` sees it.
pub fn features(board: &Board, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    board.occupied().into_iter().filter_map(move |square| {
        let piece = board.piece_at(square)?;
        Some(feature(perspective, piece.color, piece.role, square))
    })
}

/// Both sides' accumulators of one position, indexed by colour.
#[derive(Clone)]
pub struct Accumulator {
    values: [[i16; HIDDEN]; 2],
}

/// The inputs a move turns off and on, at most two of each.
struct Change {
    off: [(Color, Role, Square); 2],
    offs: usize,
    on: [(Color, Role, Square); 2],
    ons: usize,
}

impl Change {
    fn of(us: Color, m: Move) -> Change {
        let none = (us, Role::Pawn, Square::A1);
        let mut change = Change {
            off: [none; 2],
            offs: 0,
            on: [none; 2],
            ons: 0,
        };
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                change.turn_off(us, role, from);
                if let Some(captured) = capture {
                    change.turn_off(!us, captured, to);
                }
                change.turn_on(us, promotion.unwrap_or(role), to);
            }
            Move::EnPassant { from, to } => {
                change.turn_off(us, Role::Pawn, from);
                change.turn_off(!us, Role::Pawn, Square::from_coords(to.file(), from.rank()));
                change.turn_on(us, Role::Pawn, to);
            }
            Move::Castle { king, rook } => {
                let (king_to, rook_to) = if rook.file() > king.file() {
                    (File::G, File::F)
                } else {
                    (File::C, File::D)
                };
                change.turn_off(us, Role::King, king);
                change.turn_off(us, Role::Rook, rook);
                change.turn_on(us, Role::King, Square::from_coords(king_to, king.rank()));
                change.turn_on(us, Role::Rook, Square::from_coords(rook_to, rook.rank()));
            }
            Move::Put { role, to } => change.turn_on(us, role, to),
        }
        change
    }

    fn turn_off(&mut self, color: Color, role: Role, square: Square) {
        self.off[self.offs] = (color, role, square);
        self.offs += 1;
    }

    fn turn_on(&mut self, color: Color, role: Role, square: Square) {
        self.on[self.ons] = (color, role, square);
        self.ons += 1;
    }
}

impl Accumulator {
    /// The accumulators of `board`, summed from scratch.
    pub fn new(network: &Network, board: &Board) -> Accumulator {
        let mut values = [network.feature_bias; 2];
        for perspective in Color::ALL {
            let side = &mut values[perspective as usize];
            for input in features(board, perspective) {
                add(side, &network.feature_weights[input]);
            }
        }
        Accumulator { values }
    }

    /// Sets `self` to the accumulators of the position after `us` plays
    /// `m` in the position whose accumulators are `parent`.
    pub fn play(&mut self, network: &Network, parent: &Accumulator, us: Color, m: Move) {
        let change = Change::of(us, m);
        for perspective in Color::ALL {
            let row = |&(color, role, square): &(Color, Role, Square)| {
                &network.feature_weights[feature(perspective, color, role, square)]
            };
            let side = &mut self.values[perspective as usize];
            let from = &parent.values[perspective as usize];
            // The usual moves in one pass over the values.
            match (&change.off[..change.offs], &change.on[..change.ons]) {
                ([off], [on]) => sub_add(side, from, row(off), row(on)),
                ([off, captured], [on]) => {
                    sub_add(side, from, row(off), row(on));
                    sub(side, row(captured));
                }
                (offs, ons) => {
                    *side = *from;
                    for off in offs {
                        sub(side, row(off));
                    }
                    for on in ons {
                        add(side, row(on));
                    }
                }
            }
        }
    }
}

/// `values = from - off + on`.
fn sub_add(
    values: &mut [i16; HIDDEN],
    from: &[i16; HIDDEN],
    off: &[i16; HIDDEN],
    on: &[i16; HIDDEN],
) {
    for (((v, &f), &o), &n) in values.iter_mut().zip(from).zip(off).zip(on) {
        *v = f.wrapping_sub(o).wrapping_add(n);
    }
}

fn add(values: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (v, &w) in values.iter_mut().zip(row) {
        *v = v.wrapping_add(w);
    }
}

fn sub(values: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (v, &w) in values.iter_mut().zip(row) {
        *v = v.wrapping_sub(w);
    }
}

#[cfg(test)]
mod tests;
