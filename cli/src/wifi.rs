//! `rokada host` and `rokada join`: a game against another device on the
//! same network, for people and for scripts (`--json`).
//!
//! Hosts advertise themselves with mDNS (`_rokada._tcp`); `join` without an
//! address looks for them. Both can be told the pairing code with `--code`.
//! With `--json`, commands are read from standard input one a line and every
//! event is printed as one JSON object on standard output.

use std::io::{self, BufRead, IsTerminal, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};
use rokada_core::clock::{MonotonicTime, TimeControl, TimeSource, clock_text};
use rokada_core::net::SERVICE_TYPE;
use rokada_core::net::game::{ColorChoice, HostGame, WifiCommand, WifiEvent, WifiGame};
use rokada_core::net::link::LinkConfig;
use rokada_core::net::message::PROTOCOL_VERSION;
use rokada_core::net::pairing::PairingCode;
use rokada_core::rules::{DrawClaim, GameEnd};
use serde_json::{Value, json};
use shakmaty::Color;

use crate::args::{ArgError, Args};
use crate::board::{self, Style};

/// The port hosts listen on unless told otherwise.
const DEFAULT_PORT: u16 = 41_641;
/// How long `join` looks for hosts on the network.
const DISCOVERY_TIME: Duration = Duration::from_secs(4);

/// Exit status when the game could not be played (refused, unreachable).
const EXIT_FAILED: u8 = 1;
/// Exit status when the game was adjourned.
const EXIT_ADJOURNED: u8 = 3;

struct Output {
    json: bool,
    style: Style,
}

impl Output {
    fn emit(&self, value: Value, text: impl FnOnce() -> String) {
        let mut out = io::stdout().lock();
        let _ = if self.json {
            writeln!(out, "{value}")
        } else {
            writeln!(out, "{}", text())
        };
        let _ = out.flush();
    }
}

/// `rokada host [--port P] [--bind ADDR] [--time 5+3] [--color white|black|random]
/// [--code CODE] [--resume FILE] [--no-mdns] [--json]`
pub fn host(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut port = DEFAULT_PORT;
    let mut bind = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
    let mut time_control = None;
    let mut color = ColorChoice::Random;
    let mut code = None;
    let mut resume = None;
    let mut mdns = true;
    let mut json = false;
    while let Some(arg) = args.next()? {
        match arg {
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
            lexopt::Arg::Long("no-mdns") => mdns = false,
            lexopt::Arg::Long("json") => json = true,
            other => return Err(Args::unexpected(other)),
        }
    }
    let game = match resume {
        Some(path) => HostGame::Resume {
            save: std::fs::read_to_string(&path)
                .map_err(|e| ArgError::usage(format!("--resume {path}: {e}")))?,
        },
        None => HostGame::New {
            color,
            time_control,
        },
    };
    let code = code.unwrap_or_else(PairingCode::generate);
    let listener = TcpListener::bind((bind, port))
        .map_err(|e| ArgError::usage(format!("cannot listen on {bind}:{port}: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ArgError::usage(e.to_string()))?;
    let time: Arc<dyn TimeSource> = Arc::new(MonotonicTime::new());
    let (wifi, events) = WifiGame::host(listener, code, game, LinkConfig::default(), time)
        .map_err(|e| ArgError::usage(e.to_string()))?;
    let out = Output::new(json);
    out.emit(
        json!({"event": "hosting", "code": code.to_string(), "port": addr.port(), "address": addr.to_string()}),
        || format!("Hosting on port {}. Code: {code}\nWaiting for the other player…", addr.port()),
    );
    // Keeps the advertisement alive for as long as the game runs.
    let _advert = if mdns {
        advertise(addr.port(), &out)
    } else {
        None
    };
    Ok(run(&wifi, events, &out))
}

/// `rokada join [HOST:PORT] [--code CODE] [--json]`
pub fn join(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut target = None;
    let mut code = None;
    let mut json = false;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("code") => code = Some(args.value_parsed::<PairingCode>("--code")?),
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
    let out = Output::new(json);
    let addr = match target {
        Some(text) => resolve(&text)?,
        None => match discover(&out) {
            Some(addr) => addr,
            None => {
                out.emit(json!({"event": "no_host_found"}), || {
                    "No Rokada host found on this network; give its address as HOST:PORT.".into()
                });
                return Ok(ExitCode::from(EXIT_FAILED));
            }
        },
    };
    let code = match code {
        Some(c) => c,
        None => ask_code()?,
    };
    let time: Arc<dyn TimeSource> = Arc::new(MonotonicTime::new());
    let (wifi, events) = WifiGame::join(addr, code, LinkConfig::default(), time)
        .map_err(|e| ArgError::usage(format!("cannot start: {e}")))?;
    out.emit(
        json!({"event": "joining", "address": addr.to_string()}),
        || format!("Joining {addr}…"),
    );
    Ok(run(&wifi, events, &out))
}

impl Output {
    fn new(json: bool) -> Output {
        Output {
            json,
            style: Style {
                flipped: false,
                color: !json
                    && io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none(),
            },
        }
    }
}

fn resolve(text: &str) -> Result<SocketAddr, ArgError> {
    text.to_socket_addrs()
        .map_err(|e| ArgError::usage(format!("{text}: {e}")))?
        .next()
        .ok_or_else(|| ArgError::usage(format!("{text}: no address")))
}

fn ask_code() -> Result<PairingCode, ArgError> {
    eprint!("Code shown on the host: ");
    let _ = io::stderr().flush();
    let mut line = String::new();
    io::stdin()
        .read_line(&mut line)
        .map_err(|e| ArgError::usage(e.to_string()))?;
    line.trim()
        .parse()
        .map_err(|e| ArgError::usage(format!("code: {e}")))
}

/// Announces the host on the local network; `None` (with a note) if mDNS is
/// unavailable, since the address can always be typed instead.
fn advertise(port: u16, out: &Output) -> Option<ServiceDaemon> {
    let advertised = (|| {
        let daemon = ServiceDaemon::new().ok()?;
        let id = rokada_core::net::crypto::random_bytes::<2>();
        let name = format!("Rokada {:02x}{:02x}", id[0], id[1]);
        let host = format!("rokada-{:02x}{:02x}.local.", id[0], id[1]);
        let version = PROTOCOL_VERSION.to_string();
        let info = ServiceInfo::new(
            &format!("{SERVICE_TYPE}.local."),
            &name,
            &host,
            "",
            port,
            &[("protocol", version.as_str())][..],
        )
        .ok()?
        .enable_addr_auto();
        daemon.register(info).ok()?;
        Some(daemon)
    })();
    if advertised.is_none() {
        out.emit(json!({"event": "mdns_unavailable"}), || {
            "Could not announce the game on the network; the other player can type this device's address.".into()
        });
    }
    advertised
}

/// Looks for hosts for a few seconds and takes the first one found.
fn discover(out: &Output) -> Option<SocketAddr> {
    let daemon = ServiceDaemon::new().ok()?;
    let events = daemon.browse(&format!("{SERVICE_TYPE}.local.")).ok()?;
    out.emit(json!({"event": "searching"}), || {
        "Looking for Rokada hosts on this network…".into()
    });
    let deadline = std::time::Instant::now() + DISCOVERY_TIME;
    let mut found = None;
    while found.is_none() {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        if let Ok(ServiceEvent::ServiceResolved(service)) = events.recv_timeout(left) {
            let port = service.get_port();
            let ip = service.get_addresses_v4().into_iter().next();
            if let Some(ip) = ip {
                let addr = SocketAddr::from((ip, port));
                out.emit(
                    json!({"event": "discovered", "name": service.get_fullname(), "address": addr.to_string()}),
                    || format!("Found {} at {addr}", service.get_fullname()),
                );
                found = Some(addr);
            }
        }
    }
    let _ = daemon.shutdown();
    found
}

enum Input {
    Event(WifiEvent),
    Line(String),
    Closed,
}

/// One line of input, understood.
enum Command {
    Move(String),
    Wifi(WifiCommand),
    Claim,
    Quit,
    Board,
}

fn parse_command(line: &str) -> Command {
    let words: Vec<String> = line
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match words[..] {
        ["offer", "draw"] | ["draw"] => Command::Wifi(WifiCommand::OfferDraw),
        ["accept", "draw"] | ["accept"] => Command::Wifi(WifiCommand::AcceptDraw),
        ["decline", "draw"] | ["decline"] => Command::Wifi(WifiCommand::DeclineDraw),
        ["claim", "draw"] | ["claim"] => Command::Claim,
        ["resign"] => Command::Wifi(WifiCommand::Resign),
        ["rematch"] => Command::Wifi(WifiCommand::Rematch),
        ["decline", "rematch"] => Command::Wifi(WifiCommand::DeclineRematch),
        ["quit"] | ["leave"] | ["exit"] => Command::Quit,
        ["board"] => Command::Board,
        _ => Command::Move(line.trim().to_owned()),
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn end_json(end: GameEnd) -> Value {
    json!({"event": "game_over", "result": end.result.as_pgn(), "reason": end.reason.as_str()})
}

/// Runs the game until it ends; returns the process's exit status.
fn run(wifi: &WifiGame, events: Receiver<WifiEvent>, out: &Output) -> ExitCode {
    let (tx, rx) = mpsc::channel();
    let event_tx = tx.clone();
    thread::spawn(move || {
        for e in events {
            if event_tx.send(Input::Event(e)).is_err() {
                return;
            }
        }
    });
    thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Input::Closed);
    });
    let mut pending: std::collections::VecDeque<String> = Default::default();
    let mut started = false;
    // A move was sent and its answer (played or refused) has not come back.
    let mut move_in_flight = false;
    loop {
        // Lines run in order, each once the game allows it: a move on this
        // player's turn, an answer to a draw offer once there is one.
        while let Some(line) = pending.front() {
            let command = parse_command(line);
            if !ready(&command, wifi, started, move_in_flight) {
                break;
            }
            pending.pop_front();
            match command {
                Command::Move(text) if text.is_empty() => {}
                Command::Move(text) => {
                    move_in_flight = true;
                    send(wifi, WifiCommand::Play(text));
                }
                Command::Wifi(c) => send(wifi, c),
                Command::Claim => {
                    let claim =
                        wifi.with_session(|s| s.and_then(|s| s.claimable_draws().first().copied()));
                    send(
                        wifi,
                        WifiCommand::ClaimDraw(claim.unwrap_or(DrawClaim::ThreefoldRepetition)),
                    );
                }
                Command::Board => show_board(wifi, out),
                Command::Quit => send(wifi, WifiCommand::Leave),
            }
        }
        let Ok(input) = rx.recv() else {
            return ExitCode::from(EXIT_FAILED);
        };
        match input {
            Input::Line(line) => pending.push_back(line),
            Input::Closed => {
                // A person who closes the input leaves; a script waits for
                // the game to end.
                if !out.json {
                    pending.push_back("quit".into());
                }
            }
            Input::Event(e) => {
                match &e {
                    WifiEvent::GameStarted { .. } | WifiEvent::Resynced => started = true,
                    WifiEvent::MovePlayed { local: true, .. } | WifiEvent::ActionRefused(_) => {
                        move_in_flight = false
                    }
                    _ => {}
                }
                if let Some(code) = report(wifi, &e, out) {
                    return code;
                }
            }
        }
    }
}

/// Whether a command can run now.
fn ready(command: &Command, wifi: &WifiGame, started: bool, move_in_flight: bool) -> bool {
    if matches!(command, Command::Quit) {
        return true;
    }
    if !started || move_in_flight {
        return false;
    }
    wifi.with_session(|s| {
        let Some(s) = s else { return false };
        match command {
            Command::Move(_) => s.is_local_turn(),
            Command::Wifi(WifiCommand::AcceptDraw | WifiCommand::DeclineDraw) => {
                s.draw_offer().is_some() && s.draw_offer() != s.wifi_local_color()
            }
            _ => true,
        }
    })
}

fn send(wifi: &WifiGame, command: WifiCommand) {
    // The link thread only stops once the game is over, adjourned or refused,
    // and that event ends this loop too.
    let _ = wifi.command(command);
}

fn show_board(wifi: &WifiGame, out: &Output) {
    if out.json {
        return;
    }
    wifi.with_session(|s| {
        if let Some(s) = s {
            let style = Style {
                flipped: s.wifi_local_color() == Some(Color::Black),
                ..out.style
            };
            print!("{}", board::render(s, style));
            if let Some(clock) = s.clock() {
                println!(
                    "White {}   Black {}",
                    clock_text(clock.remaining(Color::White)),
                    clock_text(clock.remaining(Color::Black))
                );
            }
        }
    });
}

/// Prints an event; returns the exit status when it ends the program.
fn report(wifi: &WifiGame, e: &WifiEvent, out: &Output) -> Option<ExitCode> {
    match e {
        WifiEvent::CodeChanged(code) => out.emit(
            json!({"event": "code_changed", "code": code.to_string()}),
            || format!("Too many wrong codes. The new code is {code}"),
        ),
        WifiEvent::WrongCode { attempts } => out
            .emit(json!({"event": "wrong_code", "attempts": attempts}), || {
                "Someone typed a wrong code.".into()
            }),
        WifiEvent::Refused(reason) => out.emit(
            json!({"event": "refused_connection", "reason": reason.to_string()}),
            || format!("Turned a connection away: {reason}"),
        ),
        WifiEvent::RefusedByHost(reason) => {
            out.emit(
                json!({"event": "refused", "reason": reason.to_string()}),
                || format!("The host refused: {reason}"),
            );
            return Some(ExitCode::from(EXIT_FAILED));
        }
        WifiEvent::Unreachable => {
            out.emit(json!({"event": "unreachable"}), || {
                "The host cannot be reached.".into()
            });
            return Some(ExitCode::from(EXIT_FAILED));
        }
        WifiEvent::Connected { resumed } => {
            out.emit(json!({"event": "connected", "resumed": resumed}), || {
                if *resumed {
                    "Connection back.".into()
                } else {
                    "Connected.".into()
                }
            })
        }
        WifiEvent::LinkLost => out.emit(json!({"event": "link_lost"}), || {
            "Connection lost; waiting for it to come back…".into()
        }),
        WifiEvent::GameStarted { local } => {
            let tc = wifi.with_session(|s| s.and_then(|s| s.config().time_control));
            out.emit(
                json!({"event": "game_started", "color": color_name(*local), "time_control": tc.map(|t| t.to_string())}),
                || format!("The game starts. You play {}.", color_name(*local)),
            );
            show_board(wifi, out);
        }
        WifiEvent::Resynced => {
            out.emit(json!({"event": "resynced"}), || {
                "The game was brought in step with the host's.".into()
            });
            show_board(wifi, out);
        }
        WifiEvent::MovePlayed {
            ply,
            color,
            san,
            uci,
            local,
        } => {
            out.emit(
                json!({"event": "move", "ply": ply, "color": color_name(*color), "san": san, "uci": uci, "local": local}),
                || format!("{} plays {san}", color_name(*color)),
            );
            show_board(wifi, out);
        }
        WifiEvent::Clock { white_ms, black_ms } => {
            if out.json {
                out.emit(
                    json!({"event": "clock", "white_ms": white_ms, "black_ms": black_ms}),
                    String::new,
                );
            }
        }
        WifiEvent::DrawOffered { by } => out.emit(
            json!({"event": "draw_offered", "by": color_name(*by)}),
            || {
                format!(
                    "{} offers a draw (accept draw / decline draw).",
                    color_name(*by)
                )
            },
        ),
        WifiEvent::DrawDeclined { by } => out.emit(
            json!({"event": "draw_declined", "by": color_name(*by)}),
            || format!("{} declines the draw.", color_name(*by)),
        ),
        WifiEvent::GameOver(end) => {
            out.emit(end_json(*end), || {
                format!(
                    "Game over: {} ({})",
                    end.result.as_pgn(),
                    end.reason.as_str()
                )
            });
            return Some(ExitCode::SUCCESS);
        }
        WifiEvent::RematchOffered { by } => out.emit(
            json!({"event": "rematch_offered", "by": color_name(*by)}),
            || format!("{} wants a rematch.", color_name(*by)),
        ),
        WifiEvent::RematchDeclined { by } => out.emit(
            json!({"event": "rematch_declined", "by": color_name(*by)}),
            || format!("{} declines a rematch.", color_name(*by)),
        ),
        WifiEvent::ActionRefused(err) => out.emit(
            json!({"event": "error", "message": err.to_string()}),
            || format!("Not done: {err}"),
        ),
        WifiEvent::PeerError { code, detail } => out.emit(
            json!({"event": "peer_error", "code": format!("{code:?}"), "detail": detail}),
            || format!("The other device refused a message: {detail}"),
        ),
        WifiEvent::ProtocolViolation(detail) => out.emit(
            json!({"event": "protocol_violation", "detail": detail}),
            || format!("Refused a message from the other device: {detail}"),
        ),
        WifiEvent::PeerLeft => out.emit(json!({"event": "peer_left"}), || {
            "The other player left.".into()
        }),
        WifiEvent::Adjourned { save } => {
            out.emit(json!({"event": "adjourned", "save": save}), || {
                let path = "rokada-adjourned.json";
                match std::fs::write(path, save) {
                    Ok(()) => format!(
                        "Game adjourned and saved to {path}; resume it with rokada host --resume {path}"
                    ),
                    Err(e) => format!("Game adjourned, but saving it failed: {e}"),
                }
            });
            return Some(ExitCode::from(EXIT_ADJOURNED));
        }
        WifiEvent::Closed => {
            out.emit(json!({"event": "closed"}), || "Disconnected.".into());
            return Some(ExitCode::SUCCESS);
        }
    }
    None
}
