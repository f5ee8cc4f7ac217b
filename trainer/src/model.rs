//! The network in floating point, its gradients, and its quantisation to
//! the engine's integer network.

use rokada_core::engine::nnue::{HIDDEN, INPUTS, Network, QA, QB};
pub use rokada_core::engine::rng::Rng;

use crate::data::{Sample, sigmoid};

/// Weights are kept within this so that, quantised, a sum of a position's
/// rows stays in an i16 and a clipped value times an output weight too.
const WEIGHT_LIMIT: f32 = 1.98;

/// Every weight of the network, in one flat vector: the rows of the inputs,
/// the accumulator's bias, the output's weights (side to move's first) and
/// bias.
#[derive(Clone)]
pub struct Model {
    pub params: Vec<f32>,
}

const FEATURES: usize = 0;
const BIAS: usize = INPUTS * HIDDEN;
const OUTPUT: usize = BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT + 2 * HIDDEN;
pub const PARAMS: usize = OUTPUT_BIAS + 1;

/// Uniform in [-1, 1).
fn symmetric(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

/// Uniform in `0..n`.
pub fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The accumulators' values of one sample, both sides, before clipping.
struct Hidden {
    ours: [f32; HIDDEN],
    theirs: [f32; HIDDEN],
}

fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Model {
    /// Small random weights: each accumulator value starts near the scale
    /// of its clipping range for a position of about thirty pieces.
    pub fn new(seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut params = vec![0.0; PARAMS];
        for w in &mut params[FEATURES..BIAS] {
            *w = 0.1 * symmetric(&mut rng);
        }
        for w in &mut params[OUTPUT..OUTPUT_BIAS] {
            *w = symmetric(&mut rng) / (2.0 * HIDDEN as f32).sqrt();
        }
        Model { params }
    }

    /// The model whose quantisation is `network`: to go on training a
    /// network, or to measure it as the engine will use it.
    pub fn from_network(network: &Network) -> Model {
        let weights = network.quantized();
        let scaled = |row: &[i16; HIDDEN], scale: i32| row.map(|w| f32::from(w) / scale as f32);
        let mut params = Vec::with_capacity(PARAMS);
        for row in weights.feature_weights.iter().chain([weights.feature_bias]) {
            params.extend(scaled(row, QA));
        }
        for row in weights.output_weights {
            params.extend(scaled(row, QB));
        }
        params.push(weights.output_bias as f32 / (QA * QB) as f32);
        Model { params }
    }

    fn hidden(&self, sample: &Sample) -> Hidden {
        let bias = &self.params[BIAS..OUTPUT];
        let mut h = Hidden {
            ours: [0.0; HIDDEN],
            theirs: [0.0; HIDDEN],
        };
        h.ours.copy_from_slice(bias);
        h.theirs.copy_from_slice(bias);
        let (ours, theirs) = sample.inputs();
        for (values, inputs) in [(&mut h.ours, ours), (&mut h.theirs, theirs)] {
            for &input in inputs {
                let row = &self.params[usize::from(input) * HIDDEN..][..HIDDEN];
                for (v, &w) in values.iter_mut().zip(row) {
                    *v += w;
                }
            }
        }
        h
    }

    fn output(&self, h: &Hidden) -> f32 {
        let weights = &self.params[OUTPUT..OUTPUT_BIAS];
        let (w_ours, w_theirs) = weights.split_at(HIDDEN);
        let dot = |values: &[f32; HIDDEN], w: &[f32]| -> f32 {
            values.iter().zip(w).map(|(&v, &w)| screlu(v) * w).sum()
        };
        dot(&h.ours, w_ours) + dot(&h.theirs, w_theirs) + self.params[OUTPUT_BIAS]
    }

    /// The network's output for a sample (its correction of the
    /// hand-written evaluation, over `SCALE`).
    pub fn forward(&self, sample: &Sample) -> f32 {
        self.output(&self.hidden(sample))
    }

    /// Adds the gradient of the squared error of `samples` to `grad` and
    /// returns the summed error.
    pub fn accumulate(&self, samples: &[Sample], grad: &mut [f32]) -> f64 {
        let (w_ours, w_theirs) = self.params[OUTPUT..OUTPUT_BIAS].split_at(HIDDEN);
        let mut loss = 0.0;
        for sample in samples {
            let h = self.hidden(sample);
            let p = sigmoid(self.output(&h) + sample.base);
            let err = p - sample.target;
            loss += f64::from(err * err);
            let g = 2.0 * err * p * (1.0 - p);
            grad[OUTPUT_BIAS] += g;
            let mut d_ours = [0.0f32; HIDDEN];
            let mut d_theirs = [0.0f32; HIDDEN];
            for (values, w, d, out) in [
                (&h.ours, w_ours, &mut d_ours, 0),
                (&h.theirs, w_theirs, &mut d_theirs, HIDDEN),
            ] {
                for i in 0..HIDDEN {
                    let v = values[i];
                    grad[OUTPUT + out + i] += g * screlu(v);
                    if v > 0.0 && v < 1.0 {
                        d[i] = g * w[i] * 2.0 * v;
                    }
                }
            }
            for i in 0..HIDDEN {
                grad[BIAS + i] += d_ours[i] + d_theirs[i];
            }
            let (ours, theirs) = sample.inputs();
            for (inputs, d) in [(ours, &d_ours), (theirs, &d_theirs)] {
                for &input in inputs {
                    let row = &mut grad[usize::from(input) * HIDDEN..][..HIDDEN];
                    for (r, &d) in row.iter_mut().zip(d) {
                        *r += d;
                    }
                }
            }
        }
        loss
    }

    /// Mean squared error over `samples`.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|s| {
                let e = sigmoid(self.forward(s) + s.base) - s.target;
                f64::from(e * e)
            })
            .sum();
        total / samples.len().max(1) as f64
    }

    /// Keeps the weights quantisable.
    pub fn clip(&mut self) {
        for w in &mut self.params[..OUTPUT_BIAS] {
            *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
    }

    /// The engine's integer network closest to this one.
    pub fn quantize(&self) -> Network {
        let q = |w: f32, scale: i32| (w * scale as f32).round() as i16;
        let row = |at: usize, scale: i32| -> [i16; HIDDEN] {
            std::array::from_fn(|i| q(self.params[at + i], scale))
        };
        let feature_weights = (0..INPUTS).map(|input| row(input * HIDDEN, QA)).collect();
        let output_bias = (self.params[OUTPUT_BIAS] * (QA * QB) as f32).round() as i32;
        Network::from_quantized(
            feature_weights,
            row(BIAS, QA),
            [row(OUTPUT, QB), row(OUTPUT + HIDDEN, QB)],
            output_bias,
        )
        .expect("the model has one row per input")
    }
}

/// Adam's moments for every weight.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    pub fn new() -> Adam {
        Adam {
            m: vec![0.0; PARAMS],
            v: vec![0.0; PARAMS],
            steps: 0,
        }
    }

    /// One step down the mean gradient `grad` at learning rate `rate`.
    pub fn step(&mut self, model: &mut Model, grad: &[f32], rate: f32) {
        self.steps += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.steps);
        let c2 = 1.0 - Self::BETA2.powi(self.steps);
        for (((w, &g), m), v) in model
            .params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + Self::EPSILON);
        }
        model.clip();
    }
}

impl Default for Adam {
    fn default() -> Adam {
        Adam::new()
    }
}
