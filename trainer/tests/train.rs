//! The trainer end to end: it learns, and the engine's integer network it
//! writes scores positions as the trained model does.

use rokada_core::engine::nnue::{Accumulator, Network, SCALE};
use rokada_trainer::data::Sample;
use rokada_trainer::model::{Model, Rng, below};
use rokada_trainer::{Options, train};
use shakmaty::{Chess, Color, Position, Role};

/// Positions of seeded random games, each labelled by twice its material
/// balance: half of that the hand-written evaluation already sees, the
/// rest the network has to learn (the kind of signal it picks up from real
/// scores).
fn positions(count: usize, seed: u64) -> Vec<(Chess, i32)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Chess::default();
        for _ in 0..(20 + below(&mut rng, 60)) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[below(&mut rng, moves.len())]);
        }
        let value = |role: Role| match role {
            Role::Pawn => 100,
            Role::Knight | Role::Bishop => 300,
            Role::Rook => 500,
            Role::Queen => 900,
            Role::King => 0,
        };
        let board = pos.board();
        let balance: i32 = board
            .occupied()
            .into_iter()
            .filter_map(|sq| board.piece_at(sq))
            .map(|p| {
                if p.color == Color::White {
                    value(p.role)
                } else {
                    -value(p.role)
                }
            })
            .sum();
        out.push((pos, 2 * balance));
    }
    out
}

fn samples(positions: &[(Chess, i32)]) -> Vec<Sample> {
    positions
        .iter()
        .map(|(pos, cp)| Sample::new(pos, *cp, 0.5, 0.0))
        .collect()
}

#[test]
fn training_lowers_the_error_and_the_written_network_scores_as_the_model() {
    let labelled = positions(8200, 7);
    let mut training = samples(&labelled[..8000]);
    let validation = samples(&labelled[8000..]);
    let options = Options {
        epochs: 40,
        batch: 128,
        rate: 0.01,
        threads: 2,
        seed: 3,
    };
    let before = Model::new(options.seed).loss(&validation);
    let mut epochs = Vec::new();
    let model = train(
        Model::new(options.seed),
        &mut training,
        &validation,
        &options,
        |e| epochs.push(*e),
    );
    assert_eq!(epochs.len(), 40);
    let after = epochs.last().unwrap().validation_loss;
    assert!(after < before * 0.5, "held-out error {before} -> {after}");

    // Rounding the output's weights to 1/64 moves a score by some
    // centipawns; a wrong input or scale would move it by hundreds.
    let network = Network::from_bytes(&model.quantize().to_bytes()).unwrap();
    let mut total = 0.0;
    let mut worst = 0.0f32;
    for ((pos, _), sample) in labelled[8000..].iter().zip(&validation) {
        let float = model.forward(sample) * SCALE as f32;
        let integer = network.evaluate(&Accumulator::new(&network, pos.board()), pos.turn());
        let diff = (integer as f32 - float).abs();
        total += diff;
        worst = worst.max(diff);
    }
    let mean = total / validation.len() as f32;
    assert!(
        mean < 8.0 && worst < 40.0,
        "mean {mean}, worst {worst} centipawns"
    );
}

#[test]
fn a_network_read_back_as_a_model_quantises_to_the_same_network() {
    let network = Network::embedded();
    let model = Model::from_network(network);
    assert_eq!(model.quantize().to_bytes(), network.to_bytes());
}
