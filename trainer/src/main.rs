//! `rokada-train`: trains the full-strength level's network.
//!
//!     rokada-train --output rust-core/src/engine/rokada.nnue [--epochs 20]
//!                  [--batch 16384] [--rate 0.001] [--lambda 0.3]
//!                  [--validation 0.02] [--threads 2] [--seed 1] [--no-mirror]
//!                  [--from NETWORK] DATA...
//!
//! DATA are files of `FEN;CENTIPAWNS;RESULT` lines (`scripts/nnue_data.py`).
//! With `--from`, training starts from that network file instead of random
//! weights.
//! Positions in which no side may castle are also trained on with files a-h
//! reversed (a position's twin is worth the same), unless `--no-mirror`.

use std::process::ExitCode;

use rokada_core::engine::nnue::Network;
use rokada_trainer::model::{Model, Rng};
use rokada_trainer::{Options, data, shuffle, train};

struct Args {
    output: String,
    inputs: Vec<String>,
    lambda: f32,
    validation: f64,
    mirror: bool,
    from: Option<String>,
    options: Options,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        output: String::new(),
        inputs: Vec::new(),
        lambda: 0.3,
        validation: 0.02,
        mirror: true,
        from: None,
        options: Options {
            epochs: 20,
            batch: 16_384,
            rate: 0.001,
            threads: 2,
            seed: 1,
        },
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("output") => args.output = parser.value()?.string()?,
            Long("epochs") => args.options.epochs = parser.value()?.parse()?,
            Long("batch") => args.options.batch = parser.value()?.parse()?,
            Long("rate") => args.options.rate = parser.value()?.parse()?,
            Long("threads") => args.options.threads = parser.value()?.parse()?,
            Long("seed") => args.options.seed = parser.value()?.parse()?,
            Long("lambda") => args.lambda = parser.value()?.parse()?,
            Long("validation") => args.validation = parser.value()?.parse()?,
            Long("no-mirror") => args.mirror = false,
            Long("from") => args.from = Some(parser.value()?.string()?),
            Value(path) => args.inputs.push(path.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    if args.output.is_empty() || args.inputs.is_empty() {
        return Err("usage: rokada-train --output FILE [options] DATA...".into());
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("rokada-train: {e}");
            return ExitCode::from(2);
        }
    };
    let model = match &args.from {
        None => Model::new(args.options.seed),
        Some(path) => {
            let network = std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()));
            match network {
                Ok(network) => Model::from_network(&network),
                Err(e) => {
                    eprintln!("rokada-train: {path}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let mut samples = Vec::new();
    for path in &args.inputs {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("rokada-train: {path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        match data::parse(&text, args.lambda) {
            Ok(parsed) => samples.extend(parsed),
            Err(e) => {
                eprintln!("rokada-train: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    shuffle(&mut samples, &mut Rng::new(args.options.seed));
    let held = ((samples.len() as f64 * args.validation) as usize).min(samples.len() / 2);
    let validation = samples[..held].to_vec();
    let mut training = samples.split_off(held);
    println!(
        "{} positions: {} to train on, {} held out",
        held + training.len(),
        training.len(),
        held
    );
    if args.mirror {
        // Twins are added after the split, so none of a held-out
        // position's is trained on.
        let twins: Vec<_> = training
            .iter()
            .filter(|s| s.symmetric)
            .map(|s| s.mirrored())
            .collect();
        println!("{} mirrored twins added", twins.len());
        training.extend(twins);
    }
    if args.from.is_some() {
        println!("held out before training {:.6}", model.loss(&validation));
    }
    let model = train(model, &mut training, &validation, &args.options, |epoch| {
        println!(
            "epoch {:3}: train {:.6}, held out {:.6}, {:.1} s",
            epoch.number, epoch.train_loss, epoch.validation_loss, epoch.seconds
        );
    });
    let network = model.quantize();
    // What the engine will see: the weights rounded to its integers.
    println!(
        "held out, quantised {:.6}",
        Model::from_network(&network).loss(&validation)
    );
    if let Err(e) = std::fs::write(&args.output, network.to_bytes()) {
        eprintln!("rokada-train: {}: {e}", args.output);
        return ExitCode::FAILURE;
    }
    println!("wrote {}", args.output);
    ExitCode::SUCCESS
}
