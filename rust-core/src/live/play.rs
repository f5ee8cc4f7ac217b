//! What the player at this device does: touches on the board, moves by
//! squares or notation, and the screen's actions.

use shakmaty::Role;

use super::events::EventKind;
use super::inner::{Changed, State};
use super::{LiveError, LiveGame};
use crate::board_input::InputOutcome;
use crate::net::game::WifiCommand;
use crate::session::{
    Controller, GameError, GameSession, IllegalMoveReason, Mode, MoveOutcome, PlayedMove,
};
use crate::view::actions::local_color;
use crate::view::{GameAction, GameView, MoveInfo, PieceKind, Seating, Square};

/// A touch on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    Tap(Square),
    DragStart(Square),
    Drop {
        from: Square,
        to: Square,
    },
    /// The promotion dialog's choice.
    ChoosePromotion(PieceKind),
    /// The promotion dialog was dismissed.
    CancelPromotion,
}

/// What a touch did, for the screen to show (the view after it tells the
/// rest).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TouchOutcome {
    Selected {
        square: Square,
        hints: Vec<Square>,
    },
    Deselected,
    Played {
        played: MoveInfo,
    },
    /// Open the promotion dialog for this move.
    PromotionNeeded {
        from: Square,
        to: Square,
    },
    /// Illegal: animate the piece back to `from`.
    Rejected {
        from: Square,
        to: Square,
        reason: IllegalMoveReason,
    },
    /// The touch means nothing now (an empty square, the opponent's turn,
    /// a finished game, an open dialog, a paused clock, browsing).
    Ignored,
}

impl From<InputOutcome> for TouchOutcome {
    fn from(outcome: InputOutcome) -> TouchOutcome {
        match outcome {
            InputOutcome::Selected { square, hints } => TouchOutcome::Selected {
                square: square.into(),
                hints: hints.into_iter().map(Square::from).collect(),
            },
            InputOutcome::Deselected => TouchOutcome::Deselected,
            InputOutcome::Played(m) => TouchOutcome::Played {
                played: (&m).into(),
            },
            InputOutcome::PromotionNeeded { from, to } => TouchOutcome::PromotionNeeded {
                from: from.into(),
                to: to.into(),
            },
            InputOutcome::Rejected {
                from,
                to,
                error: GameError::IllegalMove { reason, .. },
            } => TouchOutcome::Rejected {
                from: from.into(),
                to: to.into(),
                reason,
            },
            // Refused for another reason (the flag fell as the piece moved):
            // the game-over event tells the rest.
            InputOutcome::Rejected { from, to, .. } => TouchOutcome::Rejected {
                from: from.into(),
                to: to.into(),
                reason: IllegalMoveReason::NotLegal,
            },
            InputOutcome::Ignored => TouchOutcome::Ignored,
        }
    }
}

/// A touch's outcome and the view after it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Touched {
    pub outcome: TouchOutcome,
    pub view: GameView,
}

/// What an action asks of the screen beyond drawing the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionOutcome {
    /// Done; draw this view.
    Done(Box<GameView>),
    /// Share this game (PGN) with the platform's share sheet.
    Share { pgn: String },
    /// Open the new-game setup; this game stays until it is replaced.
    NewGame,
}

/// Whether the player at this device may move now, and makes sure the
/// live position is on show.
fn ready_to_move(state: &mut State) -> Result<(), LiveError> {
    if state.clock_paused {
        return Err(LiveError::ClockPaused);
    }
    if let Some(link) = &state.wifi {
        link.ready()?;
    }
    state.browsing = None;
    Ok(())
}

/// Tells the other device of a move made here.
fn moved(state: &mut State, played: &PlayedMove, events: &mut Vec<EventKind>) {
    state.input.reset();
    let State { session, wifi, .. } = state;
    if let Some(link) = wifi.as_mut() {
        link.local_move(session, played, events);
    }
}

impl LiveGame {
    /// A touch on the board.
    pub fn touch(&self, touch: Touch) -> Touched {
        let Ok(changed) = self.inner.change(|state, events| {
            if state.browsing.take().is_some() {
                // The first touch while browsing brings the game back.
                state.input.reset();
                return Ok::<_, std::convert::Infallible>(TouchOutcome::Ignored);
            }
            if ready_to_move(state).is_err() {
                return Ok(TouchOutcome::Ignored);
            }
            let State { session, input, .. } = &mut *state;
            let outcome = match touch {
                Touch::Tap(square) => input.tap(session, square.into()),
                Touch::DragStart(square) => input.drag_start(session, square.into()),
                Touch::Drop { from, to } => input.drop(session, from.into(), to.into()),
                Touch::ChoosePromotion(kind) => input.choose_promotion(session, kind.into()),
                Touch::CancelPromotion => input.cancel_promotion(session),
            };
            if let InputOutcome::Played(played) = &outcome {
                moved(state, played, events);
            }
            Ok(outcome.into())
        });
        Touched {
            outcome: changed.value,
            view: changed.view,
        }
    }

    /// A move by the player at this device, by squares (dropping the king
    /// on its own rook castles too).
    pub fn play(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<Changed<MoveOutcome>, LiveError> {
        self.inner.change(|state, events| {
            ready_to_move(state)?;
            let outcome =
                state
                    .session
                    .play_squares(from.into(), to.into(), promotion.map(Role::from))?;
            if let MoveOutcome::Played(played) = &outcome {
                moved(state, played, events);
            }
            Ok(outcome)
        })
    }

    /// A move by the player at this device in SAN or UCI.
    pub fn play_text(&self, text: &str) -> Result<Changed<PlayedMove>, LiveError> {
        self.inner.change(|state, events| {
            ready_to_move(state)?;
            let played = state.session.play_text(text)?;
            moved(state, &played, events);
            Ok(played)
        })
    }

    /// Carries out one of the screen's actions, or refuses it and changes
    /// nothing.
    pub fn perform(&self, action: GameAction) -> Result<ActionOutcome, LiveError> {
        match action {
            GameAction::SharePgn => Ok(ActionOutcome::Share { pgn: self.pgn() }),
            GameAction::NewGame => Ok(ActionOutcome::NewGame),
            _ => self
                .inner
                .change(|state, events| act(state, action, events))
                .map(|changed| ActionOutcome::Done(Box::new(changed.view))),
        }
    }
}

fn act(
    state: &mut State,
    action: GameAction,
    events: &mut Vec<EventKind>,
) -> Result<(), LiveError> {
    match action {
        GameAction::ClaimDraw { claim } => command(state, WifiCommand::ClaimDraw(claim), events),
        GameAction::OfferDraw => command(state, WifiCommand::OfferDraw, events),
        GameAction::AcceptDraw => command(state, WifiCommand::AcceptDraw, events),
        GameAction::DeclineDraw => command(state, WifiCommand::DeclineDraw, events),
        GameAction::Resign => command(state, WifiCommand::Resign, events),
        GameAction::AgreeDraw => Ok(state.session.agree_draw().map(drop)?),
        GameAction::Undo => {
            state.session.undo()?;
            state.input.reset();
            Ok(())
        }
        GameAction::Redo => {
            state.session.redo()?;
            state.input.reset();
            Ok(())
        }
        GameAction::FlipBoard => {
            state.flipped_by_hand = !state.flipped_by_hand;
            Ok(())
        }
        GameAction::PauseClock => pause_clock(state, events),
        GameAction::ResumeClock => {
            if state.clock_paused {
                state.clock_paused = false;
                if !state.away {
                    state.session.resume();
                }
                events.push(EventKind::ClockChanged);
            }
            Ok(())
        }
        GameAction::Rematch => match state.wifi.as_mut() {
            Some(link) => link.command(&mut state.session, WifiCommand::Rematch, events),
            None => local_rematch(state),
        },
        GameAction::DeclineRematch => match state.wifi.as_mut() {
            Some(link) => link.command(&mut state.session, WifiCommand::DeclineRematch, events),
            None => Err(LiveError::NotConnected),
        },
        GameAction::ContinueFromHere => {
            let ply = state.browsing.unwrap_or(state.session.moves().len());
            state.session.truncate(ply)?;
            state.browsing = None;
            state.input.reset();
            Ok(())
        }
        GameAction::NewCode => match state.wifi.as_mut() {
            Some(link) => link.renew_code(&mut state.session, events),
            None => Err(LiveError::NotConnected),
        },
        GameAction::Leave => match state.wifi.as_mut() {
            Some(link) => link.leave(&mut state.session, events),
            None => Err(LiveError::NotConnected),
        },
        // Told to the screen by `perform`; nothing changes.
        GameAction::SharePgn | GameAction::NewGame => Ok(()),
    }
}

/// Over Wi-Fi the protocol carries out a command (the host decides ends);
/// otherwise the session does.
fn command(
    state: &mut State,
    command: WifiCommand,
    events: &mut Vec<EventKind>,
) -> Result<(), LiveError> {
    let State { session, wifi, .. } = state;
    if let Some(link) = wifi.as_mut() {
        return link.command(session, command, events);
    }
    let by = Controller::Local;
    match command {
        WifiCommand::ClaimDraw(claim) => {
            if session.controller(session.turn()) != by {
                return Err(GameError::NotYourTurn.into());
            }
            session.claim_draw(by, claim).map(drop)
        }
        WifiCommand::OfferDraw => session.offer_draw(by),
        WifiCommand::AcceptDraw => session.accept_draw(by).map(drop),
        WifiCommand::DeclineDraw => session.decline_draw(by),
        WifiCommand::Resign => {
            let color = local_color(session).ok_or(GameError::NotYourTurn)?;
            session.resign(by, color).map(drop)
        }
        WifiCommand::Rematch | WifiCommand::DeclineRematch => return Err(LiveError::NotConnected),
    }
    .map_err(LiveError::from)
}

/// The players stop both clocks (one phone, a timed game in progress).
fn pause_clock(state: &mut State, events: &mut Vec<EventKind>) -> Result<(), LiveError> {
    let session = &mut state.session;
    if session.mode() != Mode::SamePhone || session.clock().is_none() || session.is_over() {
        return Err(LiveError::NoClockToPause);
    }
    if !state.clock_paused {
        state.clock_paused = true;
        session.pause();
        state.input.reset();
        events.push(EventKind::ClockChanged);
    }
    Ok(())
}

/// The same kind of game again with colours swapped: against the computer
/// the player takes the other colour; on one phone the players keep their
/// seats and their names change colour, so the board turns.
fn local_rematch(state: &mut State) -> Result<(), LiveError> {
    let old = &state.session;
    if !old.is_over() {
        return Err(LiveError::GameNotOver);
    }
    let mut config = old.config().clone();
    match config.mode {
        Mode::SamePhone => {
            std::mem::swap(&mut config.white_name, &mut config.black_name);
            if state.options.seating != Seating::FollowTurn {
                state.flipped_by_hand = !state.flipped_by_hand;
            }
        }
        Mode::Computer { human, level } => {
            config.mode = Mode::Computer {
                human: !human,
                level,
            }
        }
        Mode::WifiPeer { .. } => return Err(LiveError::NotConnected),
    }
    state.session = GameSession::new(config, old.time_source())?;
    state.input.reset();
    state.browsing = None;
    state.clock_paused = false;
    if state.away {
        state.session.pause();
    }
    Ok(())
}
