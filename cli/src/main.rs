//! `rokada`: Rokada chess in the terminal, and the scriptable harness around the core.

use std::process::ExitCode;

mod bench;
mod uci;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let command = args.next().and_then(|a| a.into_string().ok());
    let rest: Vec<std::ffi::OsString> = args.collect();
    match command.as_deref() {
        Some("uci") => uci::run(),
        Some("bench") => bench::run(&rest),
        _ => {
            let _ = rest;
            ExitCode::SUCCESS
        }
    }
}
