use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use super::*;
use crate::engine::rng::Rng;

/// A network of small seeded weights, so that the tests do not depend on
/// the shipped one's.
fn seeded_network(seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut small = |limit: u64| (rng.next_u64() % (2 * limit + 1)) as i16 - limit as i16;
    let mut row = |limit| -> [i16; HIDDEN] { std::array::from_fn(|_| small(limit)) };
    let weights = (0..INPUTS).map(|_| row(60)).collect();
    let bias = row(100);
    let output = [row(127), row(127)];
    Network::from_quantized(weights, bias, output, 1234).unwrap()
}

fn position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

#[test]
fn the_shipped_network_reads_and_scores_the_start_near_even() {
    let net = Network::embedded();
    let start = Chess::default();
    let score = net.evaluate(&Accumulator::new(net, start.board()), start.turn());
    assert!(score.abs() < 100, "start position scored {score}");
}

#[test]
fn a_network_survives_writing_and_reading() {
    let net = seeded_network(1);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), FILE_LEN);
    let again = Network::from_bytes(&bytes).unwrap();
    assert_eq!(again.to_bytes(), bytes);
}

#[test]
fn files_that_are_not_networks_are_refused_with_the_reason() {
    let bytes = seeded_network(2).to_bytes();
    assert_eq!(
        Network::from_bytes(b"PK\x03\x04").err(),
        Some(NetworkError::NotANetwork)
    );
    let mut other_version = bytes.clone();
    other_version[4] = 9;
    assert_eq!(
        Network::from_bytes(&other_version).err(),
        Some(NetworkError::UnsupportedVersion(9))
    );
    let mut other_shape = bytes.clone();
    other_shape[8] = 0;
    other_shape[9] = 1;
    assert_eq!(
        Network::from_bytes(&other_shape).err(),
        Some(NetworkError::WrongShape {
            inputs: 768,
            hidden: 256
        })
    );
    let short = &bytes[..bytes.len() - 1];
    assert_eq!(
        Network::from_bytes(short).err(),
        Some(NetworkError::WrongLength {
            expected: FILE_LEN,
            found: FILE_LEN - 1
        })
    );
    assert!(
        NetworkError::WrongShape {
            inputs: 768,
            hidden: 256
        }
        .to_string()
        .contains("256 hidden")
    );
}

/// Along seeded random games, through captures, castling, en passant and
/// promotions, the accumulators updated move by move equal those summed
/// from scratch.
#[test]
fn updating_after_each_move_equals_summing_anew() {
    let net = seeded_network(3);
    let mut rng = Rng::new(4);
    let mut kinds = [0usize; 4];
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2P5/8/8/8/8/5pk1/K7 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    for game in 0..200 {
        let mut pos = position(starts[game % starts.len()]);
        let mut acc = Accumulator::new(&net, pos.board());
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            kinds[match m {
                Move::Castle { .. } => 0,
                Move::EnPassant { .. } => 1,
                Move::Normal {
                    promotion: Some(_), ..
                } => 2,
                _ => 3,
            }] += 1;
            let mut child = acc.clone();
            child.play(&net, &acc, pos.turn(), m);
            pos.play_unchecked(m);
            let fresh = Accumulator::new(&net, pos.board());
            assert!(child.values == fresh.values, "after {m} in game {game}");
            acc = child;
        }
    }
    assert!(
        kinds.iter().all(|&n| n > 0),
        "every kind of move was played: {kinds:?}"
    );
}

/// The network sees a position from the side to move: the same position
/// with the board turned and the colours swapped scores the same.
#[test]
fn a_position_and_its_colour_swapped_mirror_score_the_same() {
    for net in [
        seeded_network(5),
        Network::from_bytes(&Network::embedded().to_bytes()).unwrap(),
    ] {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2P5/8/8/8/8/5pk1/K7 b - - 0 1",
        ] {
            let pos = position(fen);
            let mirror = position(&mirrored(fen));
            let a = net.evaluate(&Accumulator::new(&net, pos.board()), pos.turn());
            let b = net.evaluate(&Accumulator::new(&net, mirror.board()), mirror.turn());
            assert_eq!(a, b, "{fen}");
        }
    }
}

/// The FEN with ranks reversed, piece colours swapped and the other side
/// to move (castling and en passant dropped: these positions have none
/// that matter to the network).
fn mirrored(fen: &str) -> String {
    let mut parts = fen.split(' ');
    let board: Vec<String> = parts
        .next()
        .unwrap()
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let turn = if parts.next() == Some("w") { "b" } else { "w" };
    format!("{} {turn} - - 0 1", board.join("/"))
}
