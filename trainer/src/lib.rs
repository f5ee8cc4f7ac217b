//! Trains the network of Rokada's full-strength level on positions scored
//! by Stockfish: mini-batch gradient descent with Adam on the squared
//! error between the network's win probability and a blend of Stockfish's
//! score and the game's result, then quantisation to the engine's integer
//! network (`rokada_core::engine::nnue`).

pub mod data;
pub mod model;

use std::time::Instant;

use data::Sample;
use model::{Adam, Model, PARAMS, Rng};

/// How to train.
#[derive(Debug, Clone)]
pub struct Options {
    pub epochs: usize,
    pub batch: usize,
    /// The learning rate at the start; it falls tenfold over the last
    /// half of the epochs.
    pub rate: f32,
    pub threads: usize,
    pub seed: u64,
}

/// What one epoch achieved.
#[derive(Debug, Clone, Copy)]
pub struct Epoch {
    pub number: usize,
    pub train_loss: f64,
    pub validation_loss: f64,
    pub seconds: f64,
}

/// The learning rate of `epoch` (from 0): full for the first half, then
/// falling geometrically to a tenth.
fn rate_at(options: &Options, epoch: usize) -> f32 {
    let half = options.epochs / 2;
    if epoch < half || options.epochs <= 1 {
        return options.rate;
    }
    let progress = (epoch - half + 1) as f32 / (options.epochs - half) as f32;
    options.rate * 0.1f32.powf(progress)
}

/// Shuffles in place (Fisher-Yates).
pub fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, model::below(rng, i + 1));
    }
}

/// Trains `model` on `train`, measuring it on `validation` after every
/// epoch, which is reported to `report`.
pub fn train(
    mut model: Model,
    train: &mut [Sample],
    validation: &[Sample],
    options: &Options,
    mut report: impl FnMut(&Epoch),
) -> Model {
    let mut adam = Adam::new();
    let mut rng = Rng::new(options.seed ^ 0x5eed);
    let threads = options.threads.max(1);
    let mut grads = vec![vec![0.0f32; PARAMS]; threads];
    let mut total = vec![0.0f32; PARAMS];
    for epoch in 0..options.epochs {
        let started = Instant::now();
        shuffle(train, &mut rng);
        let rate = rate_at(options, epoch);
        let mut loss = 0.0;
        for batch in train.chunks(options.batch.max(1)) {
            let share = batch.len().div_ceil(threads);
            let model_ref = &model;
            loss += std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(share)
                    .zip(grads.iter_mut())
                    .map(|(part, grad)| {
                        scope.spawn(move || {
                            grad.fill(0.0);
                            model_ref.accumulate(part, grad)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a gradient thread does not panic"))
                    .sum::<f64>()
            });
            let parts = batch.len().div_ceil(share);
            let scale = 1.0 / batch.len() as f32;
            total.fill(0.0);
            for grad in &grads[..parts] {
                for (t, &g) in total.iter_mut().zip(grad) {
                    *t += g * scale;
                }
            }
            adam.step(&mut model, &total, rate);
        }
        report(&Epoch {
            number: epoch + 1,
            train_loss: loss / train.len().max(1) as f64,
            validation_loss: model.loss(validation),
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    model
}
