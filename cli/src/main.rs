//! `rokada`: Rokada chess in the terminal, and the scriptable harness around
//! the core.

mod args;
mod bench;
mod board;
mod game;
mod i18n;
mod perft;
mod replay;
mod rules;
mod uci;
mod wifi;

use std::process::ExitCode;

use args::{ArgError, Args};

const USAGE: &str = "\
rokada: chess in the terminal

Usage:
  rokada [play] [--computer LEVEL [--color white|black]] [--fen FEN]
              [--time MIN+SEC] [--lang en|he|nb|pl|bg] [--flip] [--no-color]
                            play a game: two players at one keyboard, or
                            against the computer (levels 1-10)
  rokada perft DEPTH [--fen FEN] [--no-hash]
                            count the leaf nodes of the move tree
                            (--no-hash: without remembering subtree counts)
  rokada replay [FILE|-] [--every-ply | --pgn]
                            play one PGN game through and print the final
                            position as JSON (every position with --every-ply,
                            the game as Rokada writes PGN with --pgn);
                            exit status 2 on an illegal move or bad FEN
  rokada rules [--lang L]   print the rules of chess with diagrams
  rokada uci                a UCI engine for chess GUIs and match runners
  rokada bench [DEPTH]      search fixed positions; print nodes and nodes/s
  rokada host [--port P] [--time MIN+SEC] [--color white|black|random]
              [--code CODE] [--bind ADDR] [--name NAME] [--resume FILE]
              [--save FILE] [--lang L] [--no-mdns] [--json]
                            host a game over Wi-Fi: prints the code and waits
  rokada join [HOST:PORT] [--code CODE] [--name NAME] [--save FILE]
              [--lang L] [--json]
                            join a host (found on the network when no
                            address is given); --save keeps the game in
                            FILE, to come back to it after a crash with
  rokada join --resume FILE [--lang L] [--json]
  rokada --help             this text

In a game, type help for the commands (claim, draw, resign, undo, pgn, ...).
Over Wi-Fi, type moves and: offer draw, accept draw, decline draw, claim draw,
resign, rematch, decline rematch, board, new code (the host, while waiting),
help, quit; in the language of --lang too. With --json, each event is printed
as one JSON object, and the program exits when the game ends.";

fn main() -> ExitCode {
    let mut raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let command = raw.first().and_then(|a| a.to_str()).map(str::to_owned);
    let result = match command.as_deref() {
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some("perft") => perft::run(Args::from_iter(raw.drain(1..))).map(|()| ExitCode::SUCCESS),
        Some("replay") => replay::run(Args::from_iter(raw.drain(1..))),
        Some("rules") => Ok(rules::run(raw.drain(1..).collect())),
        Some("uci") => Ok(uci::run()),
        Some("bench") => Ok(bench::run(&raw[1..])),
        Some("host") => wifi::host(Args::from_iter(raw.drain(1..))),
        Some("join") => wifi::join(Args::from_iter(raw.drain(1..))),
        Some("play") => game::run(Args::from_iter(raw.drain(1..))).map(|()| ExitCode::SUCCESS),
        _ => game::run(Args::from_iter(raw)).map(|()| ExitCode::SUCCESS),
    };
    result.unwrap_or_else(|e: ArgError| {
        eprintln!("rokada: {e}");
        if e.is_usage() {
            eprintln!("Try rokada --help.");
        }
        ExitCode::from(2)
    })
}
