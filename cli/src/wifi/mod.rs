//! `rokada host` and `rokada join`: a game against another device on the
//! same network, for people and for scripts (`--json`).
//!
//! Hosts advertise themselves with mDNS (`_rokada._tcp`); `join` without an
//! address looks for them. Both can be told the pairing code with `--code`.
//! A person reads the game in the language of `--lang` (or the system's)
//! and may type its commands in that language or in English. With `--json`,
//! commands are read from standard input one a line and every event is
//! printed as one JSON object on standard output, in English.

mod commands;
mod mdns;
mod play;
mod report;

use std::io::{self, IsTerminal, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use rokada_core::clock::{MonotonicTime, TimeControl, TimeSource};
use rokada_core::live::LiveGame;
use rokada_core::live::wifi::{RejoinError, StartError, WifiSetup};
use rokada_core::net::address::{AddressProblem, DEFAULT_PORT, HostAddress};
use rokada_core::net::game::{ColorChoice, HostError, HostGame};
use rokada_core::net::link::LinkConfig;
use rokada_core::net::pairing::PairingCode;
use rokada_core::rules::GameEnd;
use rokada_core::session::GameSession;
use rokada_core::store::JoinerSave;
use rokada_core::text::{Language, Strings, strings};
use serde_json::{Value, json};

use crate::args::{ArgError, Args};
use crate::board::{self, Style};
use crate::{game, i18n};

/// Exit status when the game could not be played (refused, unreachable).
const EXIT_FAILED: u8 = 1;
/// Exit status when the game was adjourned.
const EXIT_ADJOURNED: u8 = 3;

/// Where a game's news goes: JSON objects for a script, or words in the
/// player's language for a person.
struct Output {
    json: bool,
    style: Style,
    text: &'static Strings,
}

impl Output {
    fn new(json: bool, language: Option<Language>) -> Output {
        Output {
            json,
            style: Style {
                flipped: false,
                color: !json
                    && io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none(),
            },
            text: strings(language.unwrap_or_else(i18n::from_env)),
        }
    }

    /// An event: its JSON object for a script, its words for a person.
    fn emit(&self, value: Value, words: impl FnOnce(&Strings) -> String) {
        if self.json {
            print_line(&value.to_string());
        } else {
            print_line(&words(self.text));
        }
    }

    /// An event only a script is told of; a person sees it otherwise (the
    /// clocks on the board) or has been told already.
    fn json_only(&self, value: Value) {
        if self.json {
            print_line(&value.to_string());
        }
    }

    /// Words for a person only.
    fn say(&self, words: impl FnOnce(&Strings) -> String) {
        if !self.json {
            print_line(&words(self.text));
        }
    }

    /// A failure before the game, in the player's language.
    fn failed(&self, key: &str, args: &[(&str, &dyn std::fmt::Display)]) -> ArgError {
        ArgError::failed(self.text.format(key, args))
    }
}

fn print_line(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// `rokada host [--port P] [--bind ADDR] [--time 5+3] [--color white|black|random]
/// [--code CODE] [--name NAME] [--resume FILE] [--save FILE] [--lang L] [--no-mdns] [--json]`
pub fn host(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut port = DEFAULT_PORT;
    let mut bind = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
    let mut time_control = None;
    let mut color = ColorChoice::Random;
    let mut code = None;
    let mut resume = None;
    let mut save = None;
    let mut name = None;
    let mut lang = None;
    let mut mdns = true;
    let mut json = false;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("name") => name = Some(args.value_string()?),
            lexopt::Arg::Long("save") => save = Some(PathBuf::from(args.value_string()?)),
            lexopt::Arg::Long("port") => port = args.value_parsed("--port")?,
            lexopt::Arg::Long("bind") => bind = args.value_parsed("--bind")?,
            lexopt::Arg::Long("time") => {
                time_control = Some(args.value_parsed::<TimeControl>("--time")?)
            }
            lexopt::Arg::Long("color") => {
                color = match args.value_string()?.as_str() {
                    "white" => ColorChoice::White,
                    "black" => ColorChoice::Black,
                    "random" => ColorChoice::Random,
                    other => {
                        return Err(ArgError::usage(format!(
                            "--color: {other:?} is not white, black or random"
                        )));
                    }
                }
            }
            lexopt::Arg::Long("code") => code = Some(args.value_parsed::<PairingCode>("--code")?),
            lexopt::Arg::Long("resume") => resume = Some(args.value_string()?),
            lexopt::Arg::Long("lang") => lang = Some(args.value_parsed::<Language>("--lang")?),
            lexopt::Arg::Long("no-mdns") => mdns = false,
            lexopt::Arg::Long("json") => json = true,
            other => return Err(Args::unexpected(other)),
        }
    }
    let out = Output::new(json, lang);
    let resumed = resume.is_some();
    let game = match resume {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|_| out.failed("terminal.cannot_read", &[("name", &path)]))?;
            let bad_save = || out.failed("error.bad_save", &[]);
            // Either device's save: a joiner's holds the game too.
            let save = match JoinerSave::parse(&text) {
                Some(joiner) => joiner.map_err(|_| bad_save())?.game,
                None => text,
            };
            let session = GameSession::restore(&save, clock()).map_err(|_| bad_save())?;
            if let Some(end) = session.end() {
                // An ending reached before the save is shown, not played again.
                show_finished(&session, end, &out);
                return Ok(ExitCode::SUCCESS);
            }
            HostGame::Resume { save }
        }
        None => HostGame::New {
            color,
            time_control,
        },
    };
    let code = code.unwrap_or_else(PairingCode::generate);
    let listener = TcpListener::bind((bind, port)).map_err(|e| match e.kind() {
        io::ErrorKind::AddrInUse => out.failed("terminal.wifi.port_in_use", &[("port", &port)]),
        _ => out.failed(
            "terminal.wifi.cannot_listen",
            &[("address", &SocketAddr::new(bind, port))],
        ),
    })?;
    let addr = listener.local_addr().map_err(|_| {
        out.failed(
            "terminal.wifi.cannot_listen",
            &[("address", &SocketAddr::new(bind, port))],
        )
    })?;
    let game = LiveGame::host_wifi(game, listener, code, setup(name)).map_err(|e| match e {
        StartError::Game(HostError::Game(e)) => {
            ArgError::failed(game::describe_game_error(out.text, &e))
        }
        StartError::Game(HostError::Save(_)) => out.failed("error.bad_save", &[]),
        StartError::Game(HostError::NotWifiGame) => out.failed("terminal.wifi.not_wifi_game", &[]),
        StartError::Io(_) => out.failed("terminal.wifi.cannot_start", &[]),
    })?;
    if let Some(path) = &save {
        game.keep_saved_at(path.clone());
    }
    let help = game::command_word(out.text, "help");
    out.emit(
        json!({"event": "hosting", "code": code.to_string(), "port": addr.port(), "address": addr.to_string()}),
        |text| {
            [
                text.format("terminal.wifi.hosting", &[("port", &addr.port())]),
                text.format("wifi.pairing_code", &[("code", &code)]),
                text.text("wifi.pairing_code_hint").to_owned(),
                text.text("wifi.waiting").to_owned(),
                text.format("terminal.wifi.commands_hint", &[("command", &help)]),
            ]
            .join("\n")
        },
    );
    // Keeps the advertisement alive for as long as the game runs.
    let _advert = if mdns {
        mdns::advertise(addr.port(), &out)
    } else {
        None
    };
    Ok(play::run(game, &out, save.as_deref(), resumed))
}

fn clock() -> Arc<dyn TimeSource> {
    Arc::new(MonotonicTime::new())
}

fn setup(name: Option<String>) -> WifiSetup {
    WifiSetup {
        link: LinkConfig::default(),
        time: clock(),
        name,
    }
}

/// `rokada join [HOST:PORT] [--code CODE] [--name NAME] [--save FILE] [--lang L] [--json]`
/// or `rokada join --resume FILE [--lang L] [--json]`
pub fn join(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut target = None;
    let mut code = None;
    let mut save = None;
    let mut resume = None;
    let mut name = None;
    let mut lang = None;
    let mut json = false;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("name") => name = Some(args.value_string()?),
            lexopt::Arg::Long("save") => save = Some(PathBuf::from(args.value_string()?)),
            lexopt::Arg::Long("resume") => resume = Some(PathBuf::from(args.value_string()?)),
            lexopt::Arg::Long("code") => code = Some(args.value_parsed::<PairingCode>("--code")?),
            lexopt::Arg::Long("lang") => lang = Some(args.value_parsed::<Language>("--lang")?),
            lexopt::Arg::Long("json") => json = true,
            lexopt::Arg::Value(v) if target.is_none() => {
                target =
                    Some(v.into_string().map_err(|v| {
                        ArgError::usage(format!("{v:?} is not a HOST:PORT address"))
                    })?)
            }
            other => return Err(Args::unexpected(other)),
        }
    }
    let out = Output::new(json, lang);
    if let Some(path) = resume {
        return rejoin(&path, name, &out);
    }
    let addr = match target {
        Some(text) => resolve(&text, &out)?,
        None => match mdns::discover(&out) {
            Some(addr) => addr,
            None => {
                out.emit(json!({"event": "no_host_found"}), |text| {
                    format!(
                        "{}\n{}",
                        text.text("terminal.wifi.no_host_found"),
                        text.text("wifi.bad_address")
                    )
                });
                return Ok(ExitCode::from(EXIT_FAILED));
            }
        },
    };
    let code = match code {
        Some(c) => c,
        None => ask_code(&out)?,
    };
    let game = LiveGame::join_wifi(addr, code, setup(name))
        .map_err(|_| out.failed("terminal.wifi.cannot_start", &[]))?;
    if let Some(path) = &save {
        game.keep_saved_at(path.clone());
    }
    let help = game::command_word(out.text, "help");
    out.say(|text| {
        format!(
            "{}\n{}",
            text.format("terminal.wifi.connecting", &[("address", &addr)]),
            text.format("terminal.wifi.commands_hint", &[("command", &help)])
        )
    });
    Ok(play::run(game, &out, save.as_deref(), false))
}

/// Goes back to a game this device joined, kept in `path` by `--save`.
fn rejoin(path: &Path, name: Option<String>, out: &Output) -> Result<ExitCode, ArgError> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|_| out.failed("terminal.cannot_read", &[("name", &shown)]))?;
    let Some(save) = JoinerSave::parse(&text) else {
        return Err(out.failed("terminal.wifi.not_joiner_save", &[("name", &shown)]));
    };
    let save = save.map_err(|_| out.failed("error.bad_save", &[]))?;
    let game = LiveGame::rejoin_wifi(&save, setup(name)).map_err(|e| match e {
        RejoinError::Save(_) => out.failed("error.bad_save", &[]),
        RejoinError::Io(_) => out.failed("terminal.wifi.cannot_start", &[]),
    })?;
    game.keep_saved_at(path.to_owned());
    let plies = game.read(|s| s.moves().len());
    out.emit(
        json!({"event": "rejoining", "address": save.host.to_string(), "plies": plies}),
        |text| text.format("terminal.wifi.rejoining", &[("address", &save.host)]),
    );
    if let Some(end) = game.read(GameSession::end) {
        game.read(|s| show_finished(s, end, out));
        // What the host has not acknowledged of the ending still goes.
        game.finish();
        return Ok(ExitCode::SUCCESS);
    }
    Ok(play::run(game, out, Some(path), true))
}

/// A finished game, as the terminal shows it.
fn show_finished(session: &GameSession, end: GameEnd, out: &Output) {
    out.say(|_| board::render(session, out.style).trim_end().to_owned());
    out.emit(report::end_json(end), |text| game::describe_end(text, end));
}

/// The host's address as typed (the port may be left out), resolved.
fn resolve(typed: &str, out: &Output) -> Result<SocketAddr, ArgError> {
    let address = HostAddress::parse(typed).map_err(|problem| {
        let key = match problem {
            AddressProblem::Empty => "wifi.address_empty",
            AddressProblem::BadPort => "wifi.address_bad_port",
            AddressProblem::BadHost => "wifi.address_bad_host",
        };
        out.failed(key, &[])
    })?;
    (address.host.as_str(), address.port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut found| found.next())
        .ok_or_else(|| out.failed("wifi.unreachable", &[]))
}

/// Asks for the code the host shows until six digits are typed. The
/// question goes to standard error, which a script's reader of standard
/// output does not take for an event.
fn ask_code(out: &Output) -> Result<PairingCode, ArgError> {
    loop {
        eprint!("{} ", out.text.text("terminal.wifi.code_prompt"));
        let _ = io::stderr().flush();
        let mut line = String::new();
        match io::stdin().read_line(&mut line) {
            Ok(0) | Err(_) => return Err(out.failed("terminal.wifi.bad_code", &[])),
            Ok(_) => match line.trim().parse() {
                Ok(code) => return Ok(code),
                Err(_) => eprintln!("{}", out.text.text("terminal.wifi.bad_code")),
            },
        }
    }
}
