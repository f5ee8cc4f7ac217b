//! The Wi-Fi game: a [`GameSession`] in `WifiPeer` mode on each device,
//! kept in step over the link.
//!
//! The host sets the game up and is the authority: it sends the whole game
//! (as a save file) when the joiner first arrives, for a rematch and on a
//! resync, it decides flag falls, and its clock times are the ones that
//! count. Each side validates every message it receives with its own
//! session; a message that does not fit is answered with an error and
//! changes nothing. Moves carry their ply and the resulting position's
//! repetition key, so two games that drifted apart are noticed at the next
//! move and the joiner takes the host's game.
//!
//! Clock: the mover reports its own thinking time. The host charges that,
//! but never less than its own measure minus a lag allowance (the link's
//! round-trip time, at most [`MAX_LAG_ALLOWANCE_MS`]), and grants the same
//! allowance before it calls a remote flag fall. Clocks keep running while
//! the link is down, as they would on a board.

use std::collections::VecDeque;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use shakmaty::{Color, Position};

use super::link::{ConnId, Endpoint, Host, Joiner, LinkConfig, LinkEvent, Output, Violation};
use super::message::{ClockState, ErrorCode, Message, MoveMsg, RejectReason};
use super::pairing::PairingCode;
use super::tcp::{self, Driver, Machine, Stopped};
use crate::clock::{Millis, TimeControl, TimeSource};
use crate::rules::{self, DrawClaim, EndReason, GameEnd, GameResult};
use crate::session::{
    Controller, GameConfig, GameError, GameSession, Mode, PlayedMove, parse_move,
};

/// Most network lag forgiven on one move.
pub const MAX_LAG_ALLOWANCE_MS: Millis = 500;
/// Lag forgiven before the link has measured its round-trip time.
const MIN_LAG_ALLOWANCE_MS: Millis = 50;

/// The host's choice of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    fn resolve(self) -> Color {
        match self {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random => {
                if super::crypto::random_bytes::<1>()[0] & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        }
    }
}

/// The game the host offers.
#[derive(Debug, Clone)]
pub enum HostGame {
    New {
        color: ColorChoice,
        time_control: Option<TimeControl>,
    },
    /// An adjourned Wi-Fi game, as saved by either device.
    Resume { save: String },
}

/// What a player at this device does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WifiCommand {
    /// A move in SAN or UCI notation.
    Play(String),
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw(DrawClaim),
    Resign,
    /// Asks for (or, when the opponent asked, agrees to) a rematch with
    /// colours swapped.
    Rematch,
    DeclineRematch,
    /// Leaves; an unfinished game is adjourned.
    Leave,
}

/// Why the game could not start or go on over Wi-Fi.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WifiEvent {
    /// Host: show this code from now on (the old one had too many wrong tries).
    CodeChanged(PairingCode),
    /// Host: someone typed a wrong code.
    WrongCode {
        attempts: u8,
    },
    /// Host: a connection was turned away (wrong code, third device, …).
    Refused(RejectReason),
    /// Joiner: the host turned us away. Final.
    RefusedByHost(RejectReason),
    /// Joiner: the host could not be reached. Final.
    Unreachable,
    /// The link is up (again).
    Connected {
        resumed: bool,
    },
    /// The link dropped; it is being re-established.
    LinkLost,
    /// A game began (new, rematch or resumed); read it from the session.
    GameStarted {
        local: Color,
    },
    /// The joiner replaced its game with the host's after they drifted apart.
    Resynced,
    MovePlayed {
        ply: usize,
        color: Color,
        san: String,
        uci: String,
        local: bool,
    },
    /// Authoritative clock times arrived or were set.
    Clock {
        white_ms: Millis,
        black_ms: Millis,
    },
    DrawOffered {
        by: Color,
    },
    DrawDeclined {
        by: Color,
    },
    GameOver(GameEnd),
    RematchOffered {
        by: Color,
    },
    RematchDeclined {
        by: Color,
    },
    /// A command of the local player was refused; nothing changed.
    ActionRefused(ActionError),
    /// The opponent's device refused one of our messages.
    PeerError {
        code: ErrorCode,
        detail: String,
    },
    /// A message from the opponent was refused and logged.
    ProtocolViolation(String),
    /// The opponent left.
    PeerLeft,
    /// The game stopped unfinished; this save file resumes it later.
    Adjourned {
        save: String,
    },
    /// The link closed for good with no unfinished game.
    Closed,
}

/// Why a command of the local player was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// The session refused it.
    Game(GameError),
    /// The game has not started: no opponent yet, or the host's game has
    /// not arrived.
    NoGameYet,
    /// A rematch needs a finished game.
    GameNotOver,
    /// There is no rematch request to decline.
    NoRematchRequest,
}

impl From<GameError> for ActionError {
    fn from(e: GameError) -> Self {
        ActionError::Game(e)
    }
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::Game(e) => e.fmt(f),
            ActionError::NoGameYet => f.write_str("the game has not started yet"),
            ActionError::GameNotOver => f.write_str("a rematch needs a finished game"),
            ActionError::NoRematchRequest => f.write_str("there is no rematch request"),
        }
    }
}

impl std::error::Error for ActionError {}

fn error_code(e: &GameError) -> ErrorCode {
    match e {
        GameError::NotYourTurn => ErrorCode::OutOfTurn,
        _ => ErrorCode::Unexpected,
    }
}

/// Whether the host's verdict can end this (unfinished) game as it stands.
fn verdict_fits(session: &GameSession, end: GameEnd) -> bool {
    let position = session.position();
    match end.reason {
        EndReason::Timeout | EndReason::TimeoutCannotMate => {
            rules::flag_fall(position, session.turn()) == end
        }
        EndReason::Resignation => end.result != GameResult::Draw,
        EndReason::Agreement => end.result == GameResult::Draw,
        EndReason::ThreefoldRepetition | EndReason::FiftyMoveRule => {
            end.result == GameResult::Draw
                && session
                    .claimable_draws()
                    .iter()
                    .any(|c| c.end_reason() == end.reason)
        }
        // Ends that follow from the position happen on both sides alike.
        _ => false,
    }
}

/// The session the UI reads, shared with the link thread.
pub type SharedSession = Arc<Mutex<Option<GameSession>>>;

fn lock(session: &SharedSession) -> MutexGuard<'_, Option<GameSession>> {
    // A panic elsewhere cannot leave a session half-changed: every session
    // method either completes or changes nothing.
    session.lock().unwrap_or_else(|e| e.into_inner())
}

enum Role {
    Host,
    Joiner,
}

/// Who asked for a rematch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RematchAsk {
    Local,
    Remote,
}

/// The game state machine over a link endpoint (sans-IO, like the link).
pub struct WifiMachine<E> {
    link: E,
    role: Role,
    session: SharedSession,
    time: Arc<dyn TimeSource>,
    /// When the side to move began thinking, on the session's time source.
    turn_started: Millis,
    /// Its time left then.
    turn_start_remaining: Option<Millis>,
    rematch: Option<RematchAsk>,
    /// Joiner: the host was asked for its game.
    resync_requested: bool,
    /// Both devices have the game: moves may be made.
    started: bool,
    /// The end already reported to the UI (and, by the host, to the joiner).
    announced: Option<GameEnd>,
    finished: bool,
    events: VecDeque<WifiEvent>,
}

impl<E: Endpoint> WifiMachine<E> {
    fn new(link: E, role: Role, session: SharedSession, time: Arc<dyn TimeSource>) -> Self {
        let now = time.now_ms();
        let mut m = WifiMachine {
            link,
            role,
            session,
            time,
            turn_started: now,
            turn_start_remaining: None,
            rematch: None,
            resync_requested: false,
            started: false,
            announced: None,
            finished: false,
            events: VecDeque::new(),
        };
        m.start_turn();
        m
    }

    fn is_host(&self) -> bool {
        matches!(self.role, Role::Host)
    }

    fn event(&mut self, e: WifiEvent) {
        self.events.push_back(e);
    }

    fn send(&mut self, msg: Message) {
        // Only a closed link refuses, and then there is no one to tell.
        let _ = self.link.send(&msg);
    }

    fn refuse(&mut self, code: ErrorCode, detail: String) {
        self.event(WifiEvent::ProtocolViolation(format!("{code:?}: {detail}")));
        self.send(Message::Error { code, detail });
    }

    fn start_turn(&mut self) {
        let now = self.time.now_ms();
        self.turn_started = now;
        let session = lock(&self.session);
        self.turn_start_remaining = session
            .as_ref()
            .and_then(|s| s.clock().map(|c| c.remaining(s.turn())));
    }

    fn lag_allowance(&self) -> Millis {
        let rtt = self.link.rtt().map_or(0, |d| {
            Millis::try_from(d.as_millis()).unwrap_or(Millis::MAX)
        });
        rtt.clamp(MIN_LAG_ALLOWANCE_MS, MAX_LAG_ALLOWANCE_MS)
    }

    fn clock_message(session: &GameSession) -> Option<Message> {
        let clock = session.clock()?;
        Some(Message::Clock(ClockState {
            plies: session.moves().len() as u32,
            white_ms: clock.white_ms,
            black_ms: clock.black_ms,
        }))
    }

    fn announce_move(&mut self, played: &PlayedMove, local: bool) {
        self.event(WifiEvent::MovePlayed {
            ply: played.ply,
            color: played.color,
            san: played.san.clone(),
            uci: played.uci.clone(),
            local,
        });
    }

    /// Reports the session's end once. The host decides every end and
    /// tells the joiner; the joiner reports an end only when the host's
    /// verdict (or game) says so, so both always show the same result.
    fn settle_end(&mut self) {
        let (end, plies) = match lock(&self.session).as_ref() {
            Some(s) => (s.end(), s.moves().len() as u32),
            None => return,
        };
        let Some(end) = end.filter(|&e| Some(e) != self.announced) else {
            return;
        };
        self.announced = Some(end);
        if self.is_host() {
            self.send(Message::GameOver { plies, end });
        }
        self.event(WifiEvent::GameOver(end));
    }

    /// Host: the game as a message, for start, rematch and resync.
    fn game_message(&self) -> Option<Message> {
        lock(&self.session)
            .as_ref()
            .map(|s| Message::Game { save: s.save() })
    }

    fn on_link_event(&mut self, e: LinkEvent) {
        match e {
            LinkEvent::WrongCode { attempts } => self.event(WifiEvent::WrongCode { attempts }),
            LinkEvent::CodeRenewed(code) => self.event(WifiEvent::CodeChanged(code)),
            LinkEvent::Refused(reason) => self.event(WifiEvent::Refused(reason)),
            LinkEvent::RefusedByHost(reason) => {
                self.finished = true;
                self.event(WifiEvent::RefusedByHost(reason));
            }
            LinkEvent::Unreachable => {
                self.finished = true;
                self.event(WifiEvent::Unreachable);
            }
            LinkEvent::Connected { resumed } => {
                self.event(WifiEvent::Connected { resumed });
                if self.is_host() && resumed {
                    let clock = lock(&self.session).as_ref().and_then(Self::clock_message);
                    if let Some(clock) = clock {
                        self.send(clock);
                    }
                } else if self.is_host()
                    && let Some(game) = self.game_message()
                {
                    self.send(game);
                    self.started = true;
                    self.restart_turn_clock();
                    let local = self.local_color();
                    self.event(WifiEvent::GameStarted { local });
                }
            }
            LinkEvent::Message(msg) => self.on_message(msg),
            LinkEvent::Violation(v) => self.on_violation(v),
            LinkEvent::LinkLost => self.event(WifiEvent::LinkLost),
            LinkEvent::Adjourned => self.adjourn(),
        }
    }

    fn on_violation(&mut self, v: Violation) {
        self.event(WifiEvent::ProtocolViolation(v.to_string()));
    }

    fn leave(&mut self) {
        self.send(Message::Leave);
        self.adjourn();
    }

    fn adjourn(&mut self) {
        self.finished = true;
        self.link.close();
        let save = lock(&self.session)
            .as_ref()
            .filter(|s| !s.is_over())
            .map(GameSession::save);
        self.event(match save {
            Some(save) => WifiEvent::Adjourned { save },
            None => WifiEvent::Closed,
        });
    }

    fn on_message(&mut self, msg: Message) {
        match msg {
            Message::Game { save } => self.on_game(&save),
            Message::Move(m) => self.on_move(m),
            Message::Clock(c) => self.on_clock(c),
            Message::GameOver { plies, end } => self.on_game_over(plies, end),
            Message::DrawOffer => self.remote_action(|s, by| {
                s.offer_draw(Controller::Remote)
                    .map(|()| WifiEvent::DrawOffered { by })
            }),
            Message::DrawAccept => self.host_only(|s, _| s.accept_draw(Controller::Remote)),
            Message::DrawDecline => self.remote_action(|s, by| {
                s.decline_draw(Controller::Remote)
                    .map(|()| WifiEvent::DrawDeclined { by })
            }),
            Message::ClaimDraw { claim } => {
                self.host_only(|s, _| s.claim_draw(Controller::Remote, claim))
            }
            Message::Resign => self.host_only(|s, by| s.resign(Controller::Remote, by)),
            Message::Rematch => self.on_rematch_request(),
            Message::RematchAccept => {
                if self.rematch == Some(RematchAsk::Local) {
                    self.rematch = None;
                    if self.is_host() {
                        self.start_rematch();
                    }
                } else {
                    self.refuse(ErrorCode::Unexpected, "no rematch was asked for".into());
                }
            }
            Message::RematchDecline => {
                if self.rematch == Some(RematchAsk::Local) {
                    self.rematch = None;
                    let by = self.remote_color();
                    self.event(WifiEvent::RematchDeclined { by });
                }
            }
            Message::Leave => {
                self.event(WifiEvent::PeerLeft);
                self.adjourn();
            }
            Message::ResyncRequest { .. } => {
                if self.is_host() {
                    if let Some(msg) = self.game_message() {
                        self.send(msg);
                    }
                } else {
                    self.refuse(ErrorCode::Unexpected, "only the host resyncs".into());
                }
            }
            Message::Error { code, detail } => self.event(WifiEvent::PeerError { code, detail }),
        }
        // Any message can end the game at the host, also by a flag fall
        // the session noticed while handling it.
        if self.is_host() {
            self.settle_end();
        }
    }

    fn local_color(&self) -> Color {
        let local = lock(&self.session)
            .as_ref()
            .and_then(GameSession::wifi_local_color);
        local.unwrap_or(Color::White)
    }

    fn remote_color(&self) -> Color {
        !self.local_color()
    }

    /// The clock has run since the session was made; the game starts now.
    fn restart_turn_clock(&mut self) {
        let mut guard = lock(&self.session);
        if let Some(s) = guard.as_mut()
            && let Some(c) = s.clock()
        {
            s.set_clock_times(c.white_ms, c.black_ms);
        }
        drop(guard);
        self.start_turn();
    }

    /// Applies an action of the opponent (who plays `by`) to the session.
    fn remote_action(
        &mut self,
        act: impl FnOnce(&mut GameSession, Color) -> Result<WifiEvent, GameError>,
    ) {
        let by = self.remote_color();
        let result = match lock(&self.session).as_mut() {
            Some(s) => act(s, by),
            None => Err(GameError::GameOver),
        };
        match result {
            Ok(event) => self.event(event),
            Err(e) => self.refuse(error_code(&e), e.to_string()),
        }
    }

    /// A request that only the host grants (the joiner's resignation, draw
    /// acceptance or claim); its verdict goes back as `GameOver`.
    fn host_only(
        &mut self,
        act: impl FnOnce(&mut GameSession, Color) -> Result<GameEnd, GameError>,
    ) {
        if !self.is_host() {
            return self.refuse(ErrorCode::Unexpected, "the host announces ends".into());
        }
        let by = self.remote_color();
        let result = match lock(&self.session).as_mut() {
            Some(s) => act(s, by).map(drop),
            None => Err(GameError::GameOver),
        };
        // On success the end is reported by settle_end after the message.
        if let Err(e) = result {
            self.refuse(error_code(&e), e.to_string());
        }
    }

    fn on_game(&mut self, save: &str) {
        if self.is_host() {
            return self.refuse(ErrorCode::Unexpected, "only the host sends games".into());
        }
        let restored = GameSession::restore(save, self.time.clone());
        let mut game = match restored {
            Ok(g) if g.wifi_local_color().is_some() => g,
            Ok(_) => return self.refuse(ErrorCode::Malformed, "not a Wi-Fi game".into()),
            Err(e) => return self.refuse(ErrorCode::Malformed, e.to_string()),
        };
        game.mirror_wifi_side();
        let local = game.wifi_local_color().unwrap_or(Color::White);
        let over = game.is_over();
        let previous = lock(&self.session).replace(game);
        let resynced = previous.is_some_and(|p| self.resync_requested || !p.is_over());
        self.resync_requested = false;
        self.started = true;
        self.rematch = None;
        // An unfinished game's end is still to come; a finished one's is
        // reported unless it was already (the host may send it twice).
        if !over {
            self.announced = None;
        }
        self.start_turn();
        self.event(if resynced {
            WifiEvent::Resynced
        } else {
            WifiEvent::GameStarted { local }
        });
        self.settle_end();
    }

    fn on_move(&mut self, m: MoveMsg) {
        let mut guard = lock(&self.session);
        let Some(session) = guard.as_mut() else {
            drop(guard);
            return self.refuse(ErrorCode::Unexpected, "no game yet".into());
        };
        let plies = session.moves().len();
        if m.ply as usize != plies || session.controller(session.turn()) != Controller::Remote {
            let detail = format!("move for ply {} at ply {plies}", m.ply);
            let behind = (m.ply as usize) > plies;
            drop(guard);
            return self.mismatch(ErrorCode::OutOfTurn, detail, behind);
        }
        if session.is_over() {
            // The other side moved while this side ended the game: the
            // host's game stands.
            drop(guard);
            return self.mismatch(ErrorCode::Unexpected, "the game is over".into(), true);
        }
        let chess_move = match parse_move(session.position(), &m.uci) {
            Ok(cm) => cm,
            Err(e) => {
                drop(guard);
                return self.refuse(ErrorCode::IllegalMove, e.to_string());
            }
        };
        let mut after = session.position().clone();
        after.play_unchecked(chess_move);
        if rules::position_key(&after) != m.position_hash {
            drop(guard);
            return self.mismatch(ErrorCode::HashMismatch, format!("after {}", m.uci), true);
        }
        let now = self.time.now_ms();
        if self.is_host()
            && let (Some(start_left), Some(clock)) = (self.turn_start_remaining, session.clock())
            && clock.running == Some(session.turn())
        {
            // Charge the reported time, less nothing beyond the allowance.
            let measured = now.saturating_sub(self.turn_started);
            let allowance = self.lag_allowance();
            let charged = m
                .think_time_ms
                .max(measured.saturating_sub(allowance))
                .min(measured);
            let left = start_left.saturating_sub(charged);
            let (white, black) = match session.turn() {
                Color::White => (left, clock.black_ms),
                Color::Black => (clock.white_ms, left),
            };
            session.set_clock_times(white, black);
        }
        match session.play_move_as(Controller::Remote, chess_move) {
            Ok(played) => {
                let clock = if self.is_host() {
                    Self::clock_message(session)
                } else {
                    None
                };
                drop(guard);
                self.announce_move(&played, false);
                if let Some(c) = clock {
                    self.send(c);
                }
                self.start_turn();
                if self.is_host() {
                    self.settle_end();
                }
            }
            Err(GameError::GameOver) => {
                // The flag fell before the move arrived.
                drop(guard);
                if self.is_host() {
                    self.settle_end();
                }
            }
            Err(e) => {
                drop(guard);
                self.refuse(ErrorCode::IllegalMove, e.to_string());
            }
        }
    }

    /// The games differ: the joiner asks for the host's; the host says so
    /// and sends its game, which the joiner then takes.
    fn mismatch(&mut self, code: ErrorCode, detail: String, ask_resync: bool) {
        self.event(WifiEvent::ProtocolViolation(format!("{code:?}: {detail}")));
        if self.is_host() {
            self.send(Message::Error { code, detail });
            if let Some(game) = self.game_message() {
                self.send(game);
            }
        } else if ask_resync {
            self.request_resync();
        } else {
            self.send(Message::Error { code, detail });
        }
    }

    fn request_resync(&mut self) {
        let (plies, position_hash) = lock(&self.session).as_ref().map_or((0, 0), |s| {
            (s.moves().len() as u32, rules::position_key(s.position()))
        });
        self.resync_requested = true;
        self.send(Message::ResyncRequest {
            plies,
            position_hash,
        });
    }

    fn on_clock(&mut self, c: ClockState) {
        if self.is_host() {
            return self.refuse(ErrorCode::Unexpected, "the host keeps the clock".into());
        }
        let applied = match lock(&self.session).as_mut() {
            Some(s) if s.moves().len() == c.plies as usize && !s.is_over() => {
                s.set_clock_times(c.white_ms, c.black_ms);
                true
            }
            _ => false,
        };
        if applied {
            self.start_turn();
            self.event(WifiEvent::Clock {
                white_ms: c.white_ms,
                black_ms: c.black_ms,
            });
        }
    }

    fn on_game_over(&mut self, plies: u32, end: GameEnd) {
        if self.is_host() {
            return self.refuse(ErrorCode::Unexpected, "the host announces ends".into());
        }
        let mut guard = lock(&self.session);
        let Some(session) = guard.as_mut() else {
            return;
        };
        let same_game = session.moves().len() == plies as usize;
        let applies = same_game
            && match session.end() {
                Some(local) => local == end,
                None => verdict_fits(session, end),
            };
        if !applies {
            drop(guard);
            return self.request_resync();
        }
        if !session.is_over() {
            if matches!(
                end.reason,
                EndReason::Timeout | EndReason::TimeoutCannotMate
            ) && let Some(c) = session.clock()
            {
                match session.turn() {
                    Color::White => session.set_clock_times(0, c.black_ms),
                    Color::Black => session.set_clock_times(c.white_ms, 0),
                }
            }
            session.finish(end);
        }
        drop(guard);
        self.settle_end();
    }

    fn on_rematch_request(&mut self) {
        let over = lock(&self.session)
            .as_ref()
            .is_some_and(GameSession::is_over);
        if !over {
            return self.refuse(ErrorCode::Unexpected, "the game is not over".into());
        }
        if self.rematch == Some(RematchAsk::Local) {
            // Both asked: that is agreement.
            self.rematch = None;
            if self.is_host() {
                self.start_rematch();
            }
            return;
        }
        self.rematch = Some(RematchAsk::Remote);
        let by = self.remote_color();
        self.event(WifiEvent::RematchOffered { by });
    }

    /// Host: a new game with colours swapped.
    fn start_rematch(&mut self) {
        let next = {
            let guard = lock(&self.session);
            let Some(old) = guard.as_ref() else {
                return;
            };
            let local = !old.wifi_local_color().unwrap_or(Color::Black);
            let mut config = GameConfig::new(Mode::WifiPeer { local });
            config.time_control = old.config().time_control;
            GameSession::new(config, self.time.clone())
        };
        match next {
            Ok(game) => {
                let local = game.wifi_local_color().unwrap_or(Color::White);
                *lock(&self.session) = Some(game);
                self.announced = None;
                self.start_turn();
                if let Some(msg) = self.game_message() {
                    self.send(msg);
                }
                self.event(WifiEvent::GameStarted { local });
            }
            Err(e) => self.event(WifiEvent::ActionRefused(e.into())),
        }
    }

    fn on_command(&mut self, command: WifiCommand) {
        if let Err(e) = self.command(command) {
            self.event(WifiEvent::ActionRefused(e));
        }
        // A command can end the game, also by a flag fall it noticed.
        if self.is_host() {
            self.settle_end();
        }
    }

    fn command(&mut self, command: WifiCommand) -> Result<(), ActionError> {
        // Leaving needs no game: a joiner may give up before the host's arrives.
        if command == WifiCommand::Leave {
            self.leave();
            return Ok(());
        }
        let mut guard = lock(&self.session);
        let Some(session) = guard.as_mut().filter(|_| self.started) else {
            return Err(ActionError::NoGameYet);
        };
        match command {
            WifiCommand::Play(text) => {
                let played = session.play_text(&text)?;
                let think = self.time.now_ms().saturating_sub(self.turn_started);
                let msg = Message::Move(MoveMsg {
                    ply: (played.ply - 1) as u32,
                    uci: played.uci.clone(),
                    position_hash: rules::position_key(session.position()),
                    think_time_ms: think,
                });
                let clock = if self.is_host() {
                    Self::clock_message(session)
                } else {
                    None
                };
                drop(guard);
                self.send(msg);
                if let Some(c) = clock {
                    self.send(c);
                }
                self.announce_move(&played, true);
                self.start_turn();
            }
            WifiCommand::OfferDraw => {
                session.offer_draw(Controller::Local)?;
                drop(guard);
                self.send(Message::DrawOffer);
            }
            WifiCommand::AcceptDraw => {
                if self.is_host() {
                    session.accept_draw(Controller::Local)?;
                } else if session.draw_offer() != session.wifi_local_color().map(|c| !c) {
                    return Err(GameError::NoDrawOffer.into());
                } else {
                    drop(guard);
                    self.send(Message::DrawAccept);
                }
            }
            WifiCommand::DeclineDraw => {
                session.decline_draw(Controller::Local)?;
                drop(guard);
                self.send(Message::DrawDecline);
            }
            WifiCommand::ClaimDraw(claim) => {
                if self.is_host() {
                    session.claim_draw(Controller::Local, claim)?;
                } else if !session.is_local_turn() {
                    return Err(GameError::NotYourTurn.into());
                } else if !session.claimable_draws().contains(&claim) {
                    return Err(GameError::DrawNotClaimable(claim).into());
                } else {
                    drop(guard);
                    self.send(Message::ClaimDraw { claim });
                }
            }
            WifiCommand::Resign => {
                if self.is_host() {
                    let local = session.wifi_local_color().unwrap_or(Color::White);
                    session.resign(Controller::Local, local)?;
                } else if session.is_over() {
                    return Err(GameError::GameOver.into());
                } else {
                    drop(guard);
                    self.send(Message::Resign);
                }
            }
            WifiCommand::Rematch => {
                if !session.is_over() {
                    return Err(ActionError::GameNotOver);
                }
                drop(guard);
                match self.rematch {
                    Some(RematchAsk::Remote) => {
                        self.rematch = None;
                        self.send(Message::RematchAccept);
                        if self.is_host() {
                            self.start_rematch();
                        }
                    }
                    _ => {
                        self.rematch = Some(RematchAsk::Local);
                        self.send(Message::Rematch);
                    }
                }
            }
            WifiCommand::DeclineRematch => {
                drop(guard);
                if self.rematch != Some(RematchAsk::Remote) {
                    return Err(ActionError::NoRematchRequest);
                }
                self.rematch = None;
                self.send(Message::RematchDecline);
            }
            WifiCommand::Leave => {
                drop(guard);
                self.leave();
            }
        }
        Ok(())
    }

    /// Host: calls flag falls, with the lag allowance for the opponent.
    fn on_clock_tick(&mut self) {
        if !self.is_host() {
            return;
        }
        let now = self.time.now_ms();
        let allowance = self.lag_allowance();
        let mut guard = lock(&self.session);
        let Some(session) = guard.as_mut() else {
            return;
        };
        if session.is_over() || session.clock().and_then(|c| c.running).is_none() {
            return;
        }
        let remote_running = session.controller(session.turn()) == Controller::Remote;
        if remote_running {
            let Some(start_left) = self.turn_start_remaining else {
                return;
            };
            if now.saturating_sub(self.turn_started) < start_left.saturating_add(allowance) {
                return;
            }
            let clock = session.clock();
            let (white, black) = match (session.turn(), clock) {
                (Color::White, Some(c)) => (0, c.black_ms),
                (Color::Black, Some(c)) => (c.white_ms, 0),
                (_, None) => return,
            };
            session.set_clock_times(white, black);
        }
        session.poll_clock();
        drop(guard);
        self.settle_end();
    }
}

impl<E: Endpoint> Machine for WifiMachine<E> {
    type Command = WifiCommand;
    type Event = WifiEvent;

    fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        self.link.on_accepted(conn, now);
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant) {
        self.link.on_connected(conn, now);
    }
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        self.link.on_connect_failed(conn, now);
    }
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
        self.link.on_bytes(conn, bytes, now);
    }
    fn on_closed(&mut self, conn: ConnId, now: Instant) {
        self.link.on_closed(conn, now);
    }
    fn on_tick(&mut self, now: Instant) {
        self.link.on_tick(now);
        self.on_clock_tick();
    }
    fn on_command(&mut self, command: WifiCommand, _now: Instant) {
        self.on_command(command);
    }
    fn poll_output(&mut self) -> Option<Output<WifiEvent>> {
        loop {
            if let Some(e) = self.events.pop_front() {
                return Some(Output::Event(e));
            }
            match self.link.poll_output()? {
                Output::Event(e) => self.on_link_event(e),
                Output::Transmit { conn, bytes } => return Some(Output::Transmit { conn, bytes }),
                Output::Close { conn } => return Some(Output::Close { conn }),
                Output::Connect { conn } => return Some(Output::Connect { conn }),
            }
        }
    }
    fn next_deadline(&self) -> Option<Instant> {
        // The clock tick needs no exact deadline: the driver wakes at least
        // every half second, and flag falls are decided with the allowance.
        self.link.next_deadline()
    }
    fn is_finished(&self) -> bool {
        (self.finished || self.link.is_finished()) && self.events.is_empty()
    }
}

/// A Wi-Fi game running on its own threads.
pub struct WifiGame {
    driver: Driver<WifiCommand>,
    session: SharedSession,
}

impl WifiGame {
    /// Hosts a game on `listener`, admitting whoever types `code`.
    pub fn host(
        listener: TcpListener,
        code: PairingCode,
        game: HostGame,
        link: LinkConfig,
        time: Arc<dyn TimeSource>,
    ) -> Result<(WifiGame, std::sync::mpsc::Receiver<WifiEvent>), HostError> {
        let session = match game {
            HostGame::New {
                color,
                time_control,
            } => {
                let mut config = GameConfig::new(Mode::WifiPeer {
                    local: color.resolve(),
                });
                config.time_control = time_control;
                GameSession::new(config, time.clone()).map_err(HostError::Game)?
            }
            HostGame::Resume { save } => {
                let s = GameSession::restore(&save, time.clone())
                    .map_err(|e| HostError::Save(e.to_string()))?;
                if s.wifi_local_color().is_none() {
                    return Err(HostError::Save("not a Wi-Fi game".into()));
                }
                s
            }
        };
        let shared: SharedSession = Arc::new(Mutex::new(Some(session)));
        let machine = WifiMachine::new(Host::new(link, code), Role::Host, shared.clone(), time);
        let (driver, events) = tcp::spawn_host(machine, listener).map_err(HostError::Io)?;
        Ok((
            WifiGame {
                driver,
                session: shared,
            },
            events,
        ))
    }

    /// Joins the host at `addr` with the code its screen shows.
    pub fn join(
        addr: SocketAddr,
        code: PairingCode,
        link: LinkConfig,
        time: Arc<dyn TimeSource>,
    ) -> io::Result<(WifiGame, std::sync::mpsc::Receiver<WifiEvent>)> {
        let shared: SharedSession = Arc::new(Mutex::new(None));
        let machine = WifiMachine::new(Joiner::new(link, code), Role::Joiner, shared.clone(), time);
        let (driver, events) = tcp::spawn_joiner(machine, addr)?;
        Ok((
            WifiGame {
                driver,
                session: shared,
            },
            events,
        ))
    }

    pub fn command(&self, command: WifiCommand) -> Result<(), Stopped> {
        self.driver.command(command)
    }

    /// Reads the game (none on the joiner until the host's game arrived).
    pub fn with_session<R>(&self, f: impl FnOnce(Option<&GameSession>) -> R) -> R {
        f(lock(&self.session).as_ref())
    }

    /// The address the host listens on (to advertise it).
    pub fn listen_addr(&self) -> Option<SocketAddr> {
        self.driver.listen_addr()
    }
}

/// Why a game could not be hosted.
#[derive(Debug)]
pub enum HostError {
    Game(GameError),
    /// The adjourned game's save file was refused.
    Save(String),
    Io(io::Error),
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostError::Game(e) => e.fmt(f),
            HostError::Save(e) => write!(f, "cannot resume the game: {e}"),
            HostError::Io(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for HostError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualTime;
    use proptest::prelude::*;
    use std::collections::HashMap;
    use std::time::Duration;

    fn code() -> PairingCode {
        PairingCode::from_number(777_777).unwrap()
    }

    fn cfg() -> LinkConfig {
        LinkConfig {
            app_version: "test".into(),
            adjourn_after: Duration::from_secs(60),
            ..LinkConfig::default()
        }
    }

    /// Both devices' game machines joined by a simulated network that can
    /// cut every connection after a given number of delivered frames.
    struct Sim {
        host: WifiMachine<Host>,
        joiner: WifiMachine<Joiner>,
        now: Instant,
        links: HashMap<ConnId, ConnId>,
        next_host_conn: ConnId,
        cut_after: Option<usize>,
        host_events: Vec<WifiEvent>,
        joiner_events: Vec<WifiEvent>,
    }

    impl Sim {
        fn new(cut_after: Option<usize>, time_control: Option<TimeControl>) -> Sim {
            let time: Arc<dyn TimeSource> = ManualTime::new();
            let mut config = GameConfig::new(Mode::WifiPeer {
                local: Color::White,
            });
            config.time_control = time_control;
            let session = GameSession::new(config, time.clone()).unwrap();
            let host = WifiMachine::new(
                Host::new(cfg(), code()),
                Role::Host,
                Arc::new(Mutex::new(Some(session))),
                time.clone(),
            );
            let joiner = WifiMachine::new(
                Joiner::new(cfg(), code()),
                Role::Joiner,
                Arc::new(Mutex::new(None)),
                time,
            );
            let mut sim = Sim {
                host,
                joiner,
                now: Instant::now(),
                links: HashMap::new(),
                next_host_conn: 100,
                cut_after,
                host_events: Vec::new(),
                joiner_events: Vec::new(),
            };
            sim.pump();
            sim
        }

        fn deliver(&mut self) -> bool {
            match &mut self.cut_after {
                Some(0) => {
                    self.cut_after = None;
                    let now = self.now;
                    for (jc, hc) in std::mem::take(&mut self.links) {
                        self.host.on_closed(hc, now);
                        self.joiner.on_closed(jc, now);
                    }
                    false
                }
                Some(n) => {
                    *n -= 1;
                    true
                }
                None => true,
            }
        }

        fn pump(&mut self) {
            let now = self.now;
            loop {
                let mut busy = false;
                while let Some(o) = self.host.poll_output() {
                    busy = true;
                    match o {
                        Output::Transmit { conn, bytes } => {
                            let jc = self
                                .links
                                .iter()
                                .find(|(_, h)| **h == conn)
                                .map(|(j, _)| *j);
                            if let Some(jc) = jc
                                && self.deliver()
                            {
                                self.joiner.on_bytes(jc, &bytes, now);
                            }
                        }
                        Output::Close { conn } => {
                            let jc = self
                                .links
                                .iter()
                                .find(|(_, h)| **h == conn)
                                .map(|(j, _)| *j);
                            if let Some(jc) = jc {
                                self.links.remove(&jc);
                                self.joiner.on_closed(jc, now);
                            }
                        }
                        Output::Connect { .. } => {}
                        Output::Event(e) => self.host_events.push(e),
                    }
                }
                while let Some(o) = self.joiner.poll_output() {
                    busy = true;
                    match o {
                        Output::Connect { conn } => {
                            let hc = self.next_host_conn;
                            self.next_host_conn += 1;
                            self.links.insert(conn, hc);
                            self.host.on_accepted(hc, now);
                            self.joiner.on_connected(conn, now);
                        }
                        Output::Transmit { conn, bytes } => {
                            if let Some(&hc) = self.links.get(&conn)
                                && self.deliver()
                            {
                                self.host.on_bytes(hc, &bytes, now);
                            }
                        }
                        Output::Close { conn } => {
                            if let Some(hc) = self.links.remove(&conn) {
                                self.host.on_closed(hc, now);
                            }
                        }
                        Output::Event(e) => self.joiner_events.push(e),
                    }
                }
                if !busy {
                    return;
                }
            }
        }

        fn step(&mut self) {
            self.now += Duration::from_millis(100);
            Machine::on_tick(&mut self.host, self.now);
            Machine::on_tick(&mut self.joiner, self.now);
            self.pump();
        }

        fn local_turn(m: &WifiMachine<impl Endpoint>) -> bool {
            m.started
                && lock(&m.session)
                    .as_ref()
                    .is_some_and(GameSession::is_local_turn)
        }

        /// Plays the moves in turn, each once its side may move.
        fn play(&mut self, moves: &[&str]) {
            for san in moves {
                let mut steps = 0;
                loop {
                    if Self::local_turn(&self.host) {
                        Machine::on_command(
                            &mut self.host,
                            WifiCommand::Play((*san).into()),
                            self.now,
                        );
                        break;
                    }
                    if Self::local_turn(&self.joiner) {
                        Machine::on_command(
                            &mut self.joiner,
                            WifiCommand::Play((*san).into()),
                            self.now,
                        );
                        break;
                    }
                    self.step();
                    steps += 1;
                    assert!(steps < 300, "nobody's turn for {san}");
                }
                self.pump();
            }
        }

        fn games(&self) -> (Option<View>, Option<View>) {
            let view = |s: &SharedSession| lock(s).as_ref().map(|s| (s.moves_san(), s.end()));
            (view(&self.host.session), view(&self.joiner.session))
        }
    }

    /// A device's game: its moves and its end.
    type View = (Vec<String>, Option<GameEnd>);

    fn ended(events: &[WifiEvent]) -> Vec<GameEnd> {
        events
            .iter()
            .filter_map(|e| match e {
                WifiEvent::GameOver(end) => Some(*end),
                _ => None,
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// The link cut once after any number of frames, in the handshake or
        /// the game: the game goes on to the same end on both devices with
        /// every move played exactly once, or first contact fails cleanly.
        #[test]
        fn a_cut_anywhere_loses_and_duplicates_nothing(cut in 0usize..40) {
            let mut sim = Sim::new(Some(cut), None);
            if sim.joiner.is_finished() {
                prop_assert!(sim.joiner_events.contains(&WifiEvent::Unreachable));
                return Ok(());
            }
            sim.play(&["f3", "e5", "g4", "Qh4#"]);
            for _ in 0..100 {
                sim.step();
            }
            let mate = GameEnd::new(GameResult::BlackWins, EndReason::Checkmate);
            let moves: Vec<String> = ["f3", "e5", "g4", "Qh4#"].map(String::from).to_vec();
            let (host, joiner) = sim.games();
            prop_assert_eq!(host, Some((moves.clone(), Some(mate))));
            prop_assert_eq!(joiner, Some((moves, Some(mate))));
            prop_assert_eq!(ended(&sim.host_events), vec![mate]);
            prop_assert_eq!(ended(&sim.joiner_events), vec![mate]);
        }
    }

    #[test]
    fn the_joiners_resignation_is_the_hosts_verdict() {
        let mut sim = Sim::new(None, None);
        sim.play(&["e4"]);
        Machine::on_command(&mut sim.joiner, WifiCommand::Resign, sim.now);
        // Nothing ends on the joiner until the host has decided.
        assert!(
            lock(&sim.joiner.session)
                .as_ref()
                .is_some_and(|s| !s.is_over())
        );
        sim.pump();
        let won = GameEnd::new(GameResult::WhiteWins, EndReason::Resignation);
        assert_eq!(ended(&sim.host_events), vec![won]);
        assert_eq!(ended(&sim.joiner_events), vec![won]);
    }

    #[test]
    fn a_move_crossing_a_resignation_is_settled_by_the_hosts_game() {
        let mut sim = Sim::new(None, None);
        sim.play(&["e4"]);
        // The joiner moves while the host resigns: both messages cross.
        let now = sim.now;
        Machine::on_command(&mut sim.joiner, WifiCommand::Play("e5".into()), now);
        Machine::on_command(&mut sim.host, WifiCommand::Resign, now);
        sim.pump();
        for _ in 0..10 {
            sim.step();
        }
        let resigned = GameEnd::new(GameResult::BlackWins, EndReason::Resignation);
        let (host, joiner) = sim.games();
        assert_eq!(host, Some((vec!["e4".to_owned()], Some(resigned))));
        assert_eq!(host, joiner);
        assert_eq!(ended(&sim.joiner_events), vec![resigned]);
        assert!(sim.joiner_events.contains(&WifiEvent::Resynced));
    }
}
