//! `rokada host` and `rokada join`: a game against another device on the
//! same network, for people and for scripts (`--json`).
//!
//! Hosts advertise themselves with mDNS (`_rokada._tcp`); `join` without an
//! address looks for them. Both can be told the pairing code with `--code`.
//! With `--json`, commands are read from standard input one a line and every
//! event is printed as one JSON object on standard output.

use std::io::{self, BufRead, IsTerminal, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};
use rokada_core::clock::{MonotonicTime, TimeControl, TimeSource, clock_text};
use rokada_core::live::wifi::WifiSetup;
use rokada_core::live::{EventKind, Listener, LiveEvent, LiveGame};
use rokada_core::net::SERVICE_TYPE;
use rokada_core::net::address::DEFAULT_PORT;
use rokada_core::net::game::{ColorChoice, HostGame};
use rokada_core::net::link::LinkConfig;
use rokada_core::net::message::PROTOCOL_VERSION;
use rokada_core::net::pairing::PairingCode;
use rokada_core::rules::{DrawClaim, GameEnd};
use rokada_core::session::{Controller, GameSession};
use rokada_core::store::JoinerSave;
use rokada_core::view::{GameAction, PeerEvent, Refusal};
use serde_json::{Value, json};
use shakmaty::Color;

use crate::args::{ArgError, Args};
use crate::board::{self, Style};

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
/// [--code CODE] [--name NAME] [--resume FILE] [--save FILE] [--no-mdns] [--json]`
pub fn host(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut port = DEFAULT_PORT;
    let mut bind = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
    let mut time_control = None;
    let mut color = ColorChoice::Random;
    let mut code = None;
    let mut resume = None;
    let mut save = None;
    let mut name = None;
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
            lexopt::Arg::Long("no-mdns") => mdns = false,
            lexopt::Arg::Long("json") => json = true,
            other => return Err(Args::unexpected(other)),
        }
    }
    let out = Output::new(json);
    let game = match resume {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| ArgError::usage(format!("--resume {path}: {e}")))?;
            // Either device's save: a joiner's holds the game too.
            let save = match JoinerSave::parse(&text) {
                Some(joiner) => {
                    joiner
                        .map_err(|e| ArgError::usage(format!("--resume {path}: {e}")))?
                        .game
                }
                None => text,
            };
            let time: Arc<dyn TimeSource> = Arc::new(MonotonicTime::new());
            let session = GameSession::restore(&save, time)
                .map_err(|e| ArgError::usage(format!("--resume {path}: {e}")))?;
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
    let listener = TcpListener::bind((bind, port))
        .map_err(|e| ArgError::usage(format!("cannot listen on {bind}:{port}: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ArgError::usage(e.to_string()))?;
    let game = LiveGame::host_wifi(game, listener, code, setup(name))
        .map_err(|e| ArgError::usage(e.to_string()))?;
    if let Some(path) = &save {
        game.keep_saved_at(path.clone());
    }
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
    Ok(run(game, &out, save.as_deref()))
}

fn setup(name: Option<String>) -> WifiSetup {
    let time: Arc<dyn TimeSource> = Arc::new(MonotonicTime::new());
    WifiSetup {
        link: LinkConfig::default(),
        time,
        name,
    }
}

/// `rokada join [HOST:PORT] [--code CODE] [--name NAME] [--save FILE] [--json]` or
/// `rokada join --resume FILE [--json]`
pub fn join(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut target = None;
    let mut code = None;
    let mut save = None;
    let mut resume = None;
    let mut name = None;
    let mut json = false;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("name") => name = Some(args.value_string()?),
            lexopt::Arg::Long("save") => save = Some(PathBuf::from(args.value_string()?)),
            lexopt::Arg::Long("resume") => resume = Some(PathBuf::from(args.value_string()?)),
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
    if let Some(path) = resume {
        return rejoin(&path, name, &out);
    }
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
    let game = LiveGame::join_wifi(addr, code, setup(name))
        .map_err(|e| ArgError::usage(format!("cannot start: {e}")))?;
    if let Some(path) = &save {
        game.keep_saved_at(path.clone());
    }
    out.emit(
        json!({"event": "joining", "address": addr.to_string()}),
        || format!("Joining {addr}…"),
    );
    Ok(run(game, &out, save.as_deref()))
}

/// Goes back to the game a joiner kept with `--save`, with no code; it is
/// kept in the same file from then on.
fn rejoin(path: &Path, name: Option<String>, out: &Output) -> Result<ExitCode, ArgError> {
    let bad =
        |e: &dyn std::fmt::Display| ArgError::usage(format!("--resume {}: {e}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| bad(&e))?;
    let Some(save) = JoinerSave::parse(&text) else {
        return Err(bad(
            &"not a joiner's save; host it again with rokada host --resume",
        ));
    };
    let save = save.map_err(|e| bad(&e))?;
    let game = LiveGame::rejoin_wifi(&save, setup(name)).map_err(|e| bad(&e))?;
    game.keep_saved_at(path.to_owned());
    let plies = game.read(|s| s.moves().len());
    out.emit(
        json!({"event": "rejoining", "address": save.host.to_string(), "plies": plies}),
        || format!("Going back to the game at {}…", save.host),
    );
    if let Some(end) = game.read(GameSession::end) {
        game.read(|s| show_finished(s, end, out));
        // What the host has not acknowledged of the ending still goes.
        game.finish();
        return Ok(ExitCode::SUCCESS);
    }
    Ok(run(game, out, Some(path)))
}

/// A finished game, as the terminal shows it.
fn show_finished(session: &GameSession, end: GameEnd, out: &Output) {
    if !out.json {
        print!("{}", board::render(session, out.style));
    }
    out.emit(end_json(end), || {
        format!(
            "Game over: {} ({})",
            end.result.as_pgn(),
            end.reason.as_str()
        )
    });
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
    Event(EventKind),
    Line(String),
    Closed,
}

/// Forwards the game's events to the terminal's loop.
struct Forward(Mutex<mpsc::Sender<Input>>);

impl Listener for Forward {
    fn on_event(&self, event: LiveEvent) {
        let _ = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(Input::Event(event.kind));
    }
}

/// One line of input, understood.
enum Command {
    Move(String),
    Action(GameAction),
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
        ["offer", "draw"] | ["draw"] => Command::Action(GameAction::OfferDraw),
        ["accept", "draw"] | ["accept"] => Command::Action(GameAction::AcceptDraw),
        ["decline", "draw"] | ["decline"] => Command::Action(GameAction::DeclineDraw),
        ["claim", "draw"] | ["claim"] => Command::Claim,
        ["resign"] => Command::Action(GameAction::Resign),
        ["rematch"] => Command::Action(GameAction::Rematch),
        ["decline", "rematch"] => Command::Action(GameAction::DeclineRematch),
        ["quit"] | ["leave"] | ["exit"] => Command::Quit,
        ["board"] => Command::Board,
        _ => Command::Move(line.trim().to_owned()),
    }
}

fn color_name(c: impl Into<Color>) -> &'static str {
    match c.into() {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn end_json(end: GameEnd) -> Value {
    json!({"event": "game_over", "result": end.result.as_pgn(), "reason": end.reason.as_str()})
}

fn refusal_name(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::WrongCode => "wrong_code",
        Refusal::IncompatibleVersion => "incompatible_version",
        Refusal::AlreadyPaired => "already_paired",
        Refusal::Busy => "busy",
        Refusal::UnknownGame => "unknown_game",
        Refusal::Failed => "failed",
    }
}

/// Runs the game until it ends; returns the process's exit status. With a
/// save file, the game is kept there.
fn run(game: LiveGame, out: &Output, save: Option<&Path>) -> ExitCode {
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Forward(Mutex::new(tx.clone())))));
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
    loop {
        // Lines run in order, each once the game allows it: a move on this
        // player's turn, an answer to a draw offer once there is one.
        while let Some(line) = pending.front() {
            let command = parse_command(line);
            if !ready(&command, &game) {
                break;
            }
            pending.pop_front();
            let done = match command {
                Command::Move(text) if text.is_empty() => Ok(()),
                Command::Move(text) => game.play_text(&text).map(drop),
                Command::Action(action) => game.perform(action).map(drop),
                Command::Claim => {
                    let claim = game.read(|s| s.claimable_draws().first().copied());
                    let claim = claim.unwrap_or(DrawClaim::ThreefoldRepetition);
                    game.perform(GameAction::ClaimDraw { claim }).map(drop)
                }
                Command::Board => {
                    show_board(&game, out);
                    Ok(())
                }
                Command::Quit => game.perform(GameAction::Leave).map(drop),
            };
            if let Err(e) = done {
                out.emit(json!({"event": "error", "message": e.to_string()}), || {
                    format!("Not done: {e}")
                });
            }
        }
        let Ok(input) = rx.recv() else {
            game.finish();
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
                if let Some(code) = report(&game, &e, out, save) {
                    // What the other device still has to hear leaves first.
                    game.finish();
                    return code;
                }
            }
        }
    }
}

/// Whether a command can run now.
fn ready(command: &Command, game: &LiveGame) -> bool {
    if matches!(command, Command::Quit) {
        return true;
    }
    let view = game.view();
    if !view.peer.is_some_and(|p| p.started) {
        return false;
    }
    match command {
        Command::Move(_) => game.read(|s| s.is_local_turn()),
        Command::Action(GameAction::AcceptDraw | GameAction::DeclineDraw) => {
            view.status.draw_offer.is_some_and(|o| o.from_opponent)
        }
        _ => true,
    }
}

fn show_board(game: &LiveGame, out: &Output) {
    if out.json {
        return;
    }
    game.read(|s| {
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
    });
}

/// Prints an event; returns the exit status when it ends the program.
fn report(game: &LiveGame, e: &EventKind, out: &Output, save: Option<&Path>) -> Option<ExitCode> {
    match e {
        EventKind::MovePlayed { played, by } => {
            out.emit(
                json!({"event": "move", "ply": played.ply, "color": color_name(played.side), "san": played.san, "uci": played.uci, "local": *by == Controller::Local}),
                || format!("{} plays {}", color_name(played.side), played.san),
            );
            show_board(game, out);
        }
        EventKind::PositionChanged => show_board(game, out),
        EventKind::ClockChanged => {
            if out.json
                && let Some(clock) = game.clock()
            {
                out.emit(
                    json!({"event": "clock", "white_ms": clock.white.ms, "black_ms": clock.black.ms}),
                    String::new,
                );
            }
        }
        EventKind::DrawOffered { by } => out.emit(
            json!({"event": "draw_offered", "by": color_name(*by)}),
            || {
                format!(
                    "{} offers a draw (accept draw / decline draw).",
                    color_name(*by)
                )
            },
        ),
        EventKind::DrawDeclined { by } => out.emit(
            json!({"event": "draw_declined", "by": color_name(*by)}),
            || format!("{} declines the draw.", color_name(*by)),
        ),
        EventKind::GameOver { end } => {
            out.emit(end_json(*end), || {
                format!(
                    "Game over: {} ({})",
                    end.result.as_pgn(),
                    end.reason.as_str()
                )
            });
            return Some(ExitCode::SUCCESS);
        }
        EventKind::ComputerThinking { .. } | EventKind::LowTime { .. } => {}
        EventKind::Peer { event } => return report_peer(game, event, out, save),
    }
    None
}

fn report_peer(
    game: &LiveGame,
    e: &PeerEvent,
    out: &Output,
    save: Option<&Path>,
) -> Option<ExitCode> {
    match e {
        PeerEvent::CodeChanged { code } => out
            .emit(json!({"event": "code_changed", "code": code}), || {
                format!("Too many wrong codes. The new code is {code}")
            }),
        PeerEvent::WrongCode { attempts } => out
            .emit(json!({"event": "wrong_code", "attempts": attempts}), || {
                "Someone typed a wrong code.".into()
            }),
        PeerEvent::Refused { refusal } => out.emit(
            json!({"event": "refused_connection", "reason": refusal_name(*refusal)}),
            || format!("Turned a connection away: {}", refusal_name(*refusal)),
        ),
        PeerEvent::Dropped { from, reason } => out.emit(
            json!({"event": "dropped_connection", "from": from, "reason": format!("{reason:?}")}),
            || format!("Closed a connection from {from}: {reason:?}"),
        ),
        PeerEvent::RefusedByHost { refusal } => {
            out.emit(
                json!({"event": "refused", "reason": refusal_name(*refusal)}),
                || format!("The host refused: {}", refusal_name(*refusal)),
            );
            return Some(ExitCode::from(EXIT_FAILED));
        }
        PeerEvent::Unreachable => {
            out.emit(json!({"event": "unreachable"}), || {
                "The host cannot be reached.".into()
            });
            return Some(ExitCode::from(EXIT_FAILED));
        }
        PeerEvent::Connected { resumed } => {
            out.emit(json!({"event": "connected", "resumed": resumed}), || {
                if *resumed {
                    "Connection back.".into()
                } else {
                    "Connected.".into()
                }
            })
        }
        PeerEvent::LinkLost => out.emit(json!({"event": "link_lost"}), || {
            "Connection lost; waiting for it to come back…".into()
        }),
        PeerEvent::GameStarted { local } => {
            let (tc, opponent) = game.read(|s| {
                let config = s.config();
                let opponent = match Color::from(*local) {
                    Color::White => config.black_name.clone(),
                    Color::Black => config.white_name.clone(),
                };
                (config.time_control, opponent)
            });
            out.emit(
                json!({"event": "game_started", "color": color_name(*local), "time_control": tc.map(|t| t.to_string()), "opponent": opponent}),
                || format!("The game starts. You play {}.", color_name(*local)),
            );
            show_board(game, out);
        }
        PeerEvent::Resynced => {
            out.emit(json!({"event": "resynced"}), || {
                "The game was brought in step with the host's.".into()
            });
            show_board(game, out);
        }
        PeerEvent::PlayerNamed { side } => {
            let name = game.read(|s| {
                let config = s.config();
                match Color::from(*side) {
                    Color::White => config.white_name.clone(),
                    Color::Black => config.black_name.clone(),
                }
            });
            out.emit(
                json!({"event": "player_named", "color": color_name(*side), "name": name}),
                || {
                    format!(
                        "{} goes by {}.",
                        color_name(*side),
                        name.as_deref().unwrap_or("?")
                    )
                },
            );
        }
        PeerEvent::RematchOffered { by } => out.emit(
            json!({"event": "rematch_offered", "by": color_name(*by)}),
            || format!("{} wants a rematch.", color_name(*by)),
        ),
        PeerEvent::RematchDeclined { by } => out.emit(
            json!({"event": "rematch_declined", "by": color_name(*by)}),
            || format!("{} declines a rematch.", color_name(*by)),
        ),
        PeerEvent::PeerError { complaint } => out.emit(
            json!({"event": "peer_error", "complaint": format!("{complaint:?}")}),
            || format!("The other device refused a message: {complaint:?}"),
        ),
        PeerEvent::PeerLeft => out.emit(json!({"event": "peer_left"}), || {
            "The other player left.".into()
        }),
        PeerEvent::Adjourned { save: adjourned } => {
            // The game is kept in the save file already; without one a
            // person gets a file of its own, a script the save in the event.
            let file = save
                .map(Path::to_path_buf)
                .or_else(|| (!out.json).then(|| PathBuf::from("rokada-adjourned.json")));
            let written = match &file {
                Some(path) if save.is_none() => std::fs::write(path, adjourned),
                _ => Ok(()),
            };
            out.emit(
                json!({"event": "adjourned", "save": adjourned, "file": file.as_ref().map(|f| f.display().to_string())}),
                || match (&file, written) {
                    (Some(path), Ok(())) => format!(
                        "Game adjourned and saved to {0}; resume it with rokada host --resume {0}",
                        path.display()
                    ),
                    (_, Err(e)) => format!("Game adjourned, but saving it failed: {e}"),
                    (None, Ok(())) => "Game adjourned.".into(),
                },
            );
            return Some(ExitCode::from(EXIT_ADJOURNED));
        }
        PeerEvent::Closed => {
            out.emit(json!({"event": "closed"}), || "Disconnected.".into());
            return Some(ExitCode::SUCCESS);
        }
    }
    None
}
