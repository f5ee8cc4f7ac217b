//! The Wi-Fi game protocol: two devices each holding the one session of
//! their game, kept in step over the link.
//!
//! The protocol owns no session: whoever owns the game (the live layer)
//! hands it in, with the link endpoint, for every step, so a game has one
//! session and one lock. A local move is played on the session first and
//! then told to the protocol ([`Protocol::local_move`]); every other local
//! action is a [`WifiCommand`], answered at once with its refusal if any.
//!
//! The host sets the game up and is the authority: it sends the whole game
//! (as a save file) when the joiner first arrives, for a rematch and on a
//! resync, it decides flag falls, and its clock times are the ones that
//! count. Each side validates every message it receives against its
//! session; a message that does not fit is answered with an error and
//! changes nothing. Moves carry their ply and the resulting position's
//! repetition key, so two games that drifted apart are noticed at the next
//! move and the joiner takes the host's game.
//!
//! - [`commands`]: what the player at this device does;
//! - [`remote`]: what arrives from the other device;
//! - [`clock`]: the host's clock: thinking time charged with a lag
//!   allowance, and flag falls.

mod clock;
mod commands;
mod remote;

#[cfg(test)]
mod tests;

use std::net::IpAddr;
use std::sync::Arc;

use shakmaty::Color;

use super::PeerRole;
use super::link::{DropCause, Endpoint};
use super::message::{ErrorCode, Message, RejectReason};
use super::pairing::PairingCode;
use crate::clock::{Millis, TimeControl, TimeSource};
use crate::rules::{self, EndReason, GameEnd, GameResult};
use crate::session::{GameConfig, GameError, GameSession, Mode, SaveError};

pub use clock::MAX_LAG_ALLOWANCE_MS;

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

/// Why a game could not be hosted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostError {
    Game(GameError),
    /// The adjourned game's save file was refused.
    Save(SaveError),
    /// The save file holds a game of another mode.
    NotWifiGame,
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostError::Game(e) => e.fmt(f),
            HostError::Save(e) => write!(f, "cannot resume the game: {e}"),
            HostError::NotWifiGame => f.write_str("cannot resume the game: not a Wi-Fi game"),
        }
    }
}

impl std::error::Error for HostError {}

impl HostGame {
    /// The host's session of this game.
    pub fn session(self, time: Arc<dyn TimeSource>) -> Result<GameSession, HostError> {
        match self {
            HostGame::New {
                color,
                time_control,
            } => {
                let mut config = GameConfig::new(Mode::WifiPeer {
                    local: color.resolve(),
                });
                config.time_control = time_control;
                GameSession::new(config, time).map_err(HostError::Game)
            }
            HostGame::Resume { save } => {
                let session = GameSession::restore(&save, time).map_err(HostError::Save)?;
                if session.wifi_local_color().is_none() {
                    return Err(HostError::NotWifiGame);
                }
                Ok(session)
            }
        }
    }
}

/// What a player at this device does, besides moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WifiCommand {
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw(rules::DrawClaim),
    Resign,
    /// Asks for (or, when the opponent asked, agrees to) a rematch with
    /// colours swapped.
    Rematch,
    DeclineRematch,
}

/// News of the link and of the protocol, for the layer above. What happens
/// in the game itself (moves, offers, the end) it reads from the session.
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
    /// Host: a connection from this address was closed before it had
    /// proven anything.
    Dropped {
        peer: IpAddr,
        cause: DropCause,
    },
    /// The other device has every message this one sent.
    AllDelivered,
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
    /// A game began (new, rematch or resumed); the session holds it.
    GameStarted {
        local: Color,
    },
    /// The joiner replaced its game with the host's after they drifted apart.
    Resynced,
    /// The other device's player told their name; the session holds it.
    PlayerNamed {
        side: Color,
    },
    /// Joiner: the host's clock times arrived and were set.
    ClockSet,
    RematchOffered {
        by: Color,
    },
    RematchDeclined {
        by: Color,
    },
    /// The opponent's device refused one of our messages.
    PeerError {
        code: ErrorCode,
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

/// Why a command of the local player was refused. Nothing changed.
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
    /// The link is closed for good.
    Closed,
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
            ActionError::Closed => f.write_str("the link to the other device is closed"),
        }
    }
}

impl std::error::Error for ActionError {}

/// What one step of the protocol works on: the game's session, the link
/// endpoint, and where its news go.
pub struct Ctx<'a> {
    pub session: &'a mut GameSession,
    pub link: &'a mut dyn Endpoint,
    pub events: &'a mut Vec<WifiEvent>,
}

impl Ctx<'_> {
    fn event(&mut self, e: WifiEvent) {
        self.events.push(e);
    }

    fn send(&mut self, msg: Message) {
        // Only a closed link refuses, and then there is no one to tell.
        let _ = self.link.send(&msg);
    }

    fn refuse(&mut self, code: ErrorCode, detail: String) {
        self.event(WifiEvent::ProtocolViolation(format!("{code:?}: {detail}")));
        self.send(Message::Error { code, detail });
    }
}

/// Who asked for a rematch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RematchAsk {
    Local,
    Remote,
}

/// Longest player name sent or taken, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A player name as one device tells the other: trimmed, at most
/// [`MAX_NAME_CHARS`], no control characters (nothing that could rearrange
/// or hide the text around it on a screen).
pub fn player_name(text: &str) -> Option<String> {
    let name = text.trim();
    let fine = !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && !name.chars().any(|c| {
            c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        });
    fine.then(|| name.to_owned())
}

/// The protocol's own state beside the session.
pub struct Protocol {
    role: PeerRole,
    /// This device's player's name, told to the other device.
    name: Option<String>,
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
    /// The end already reported (by the host, also to the joiner).
    announced: Option<GameEnd>,
    /// Adjourned, refused, left or closed: no more commands.
    finished: bool,
    /// This device left, or the other did: the link closes once the other
    /// device has every message (the game's end among them), or once it
    /// is gone.
    closing: bool,
}

impl Protocol {
    /// The protocol of a host, whose session is the game it offers, or of a
    /// joiner, whose session waits for the host's game.
    pub fn new(role: PeerRole, time: Arc<dyn TimeSource>, session: &GameSession) -> Protocol {
        let now = time.now_ms();
        Protocol {
            role,
            name: None,
            time,
            turn_started: now,
            turn_start_remaining: session.clock().map(|c| c.remaining(session.turn())),
            rematch: None,
            resync_requested: false,
            started: false,
            announced: session.end(),
            finished: false,
            closing: false,
        }
    }

    /// The protocol of a joiner that comes back, in a new process, to a
    /// game it was playing: the game is under way.
    pub fn rejoining(time: Arc<dyn TimeSource>, session: &GameSession) -> Protocol {
        Protocol {
            started: true,
            ..Protocol::new(PeerRole::Joiner, time, session)
        }
    }

    /// The name this device's player goes by, told to the other device
    /// when they pair; refused (left out) unless [`player_name`] takes it.
    pub fn with_name(mut self, name: Option<&str>) -> Protocol {
        self.name = name.and_then(player_name);
        self
    }

    pub fn is_host(&self) -> bool {
        matches!(self.role, PeerRole::Host)
    }

    /// Both devices have the game: moves may be made.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Adjourned, refused, left or closed: nothing more will happen.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Who asked for the pending rematch: `Some(true)` this device.
    pub fn rematch_asked_locally(&self) -> Option<bool> {
        self.rematch.map(|r| r == RematchAsk::Local)
    }

    fn start_turn(&mut self, session: &GameSession) {
        self.turn_started = self.time.now_ms();
        self.turn_start_remaining = session.clock().map(|c| c.remaining(session.turn()));
    }

    /// Reports the session's end once. The host decides every end and
    /// tells the joiner; the joiner reports an end only when the host's
    /// verdict (or game) says so, so both always show the same result.
    fn settle_end(&mut self, ctx: &mut Ctx<'_>) {
        let Some(end) = ctx.session.end().filter(|&e| Some(e) != self.announced) else {
            return;
        };
        self.announced = Some(end);
        if self.is_host() {
            let plies = ctx.session.moves().len() as u32;
            ctx.send(Message::GameOver { plies, end });
        }
    }

    /// Host: the game as a message, for start, rematch and resync.
    fn game_message(session: &GameSession) -> Message {
        Message::Game {
            save: session.save(),
        }
    }

    fn local_color(session: &GameSession) -> Color {
        session.wifi_local_color().unwrap_or(Color::White)
    }

    /// The game is over for this device: an unfinished one is adjourned,
    /// with its save. The link stays until what was sent is delivered.
    fn adjourn(&mut self, ctx: &mut Ctx<'_>) {
        self.finished = true;
        self.close_when_delivered(ctx);
        let unfinished = self.started && !ctx.session.is_over();
        ctx.event(if unfinished {
            WifiEvent::Adjourned {
                save: ctx.session.save(),
            }
        } else {
            WifiEvent::Closed
        });
    }
}

impl Protocol {
    /// Closes the link now if the other device has every message sent,
    /// else once it has ([`LinkEvent::AllAcknowledged`]) or is gone.
    ///
    /// [`LinkEvent::AllAcknowledged`]: super::link::LinkEvent::AllAcknowledged
    fn close_when_delivered(&mut self, ctx: &mut Ctx<'_>) {
        self.closing = true;
        if ctx.link.all_acknowledged() {
            ctx.link.close();
        }
    }
}

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
