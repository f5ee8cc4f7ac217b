//! `Game`: one game for an app screen, a thin handle on the core's live
//! game ([`crate::live::LiveGame`]). Safe to call from any thread; events
//! reach the app's listener in the order things happened.

use std::sync::Arc;

use super::types::{GameSetup, MoveResult, RokadaError};
use crate::clock::{MonotonicTime, TimeControl, TimeSource};
use crate::live::{ActionOutcome as LiveOutcome, Listener, LiveEvent, LiveGame, Touch, Touched};
use crate::pgn::{PgnError, PgnErrorKind, PgnGameInfo, RecordedResult, parse_games};
use crate::rules::DrawClaim;
use crate::session::{GameConfig, GameSession, MoveOutcome};
use crate::view::{ClockView, GameAction, GameMode, GameView, PieceKind, Square, ViewOptions};

/// The app's receiver of game events. Called on the game's event thread,
/// one event at a time in the order things happened, each after the state
/// it describes is visible to [`Game::view`]; no lock of the game is held,
/// so it may call back into the game. UIs hop to their main thread before
/// touching views, and skip a refresh when they have already drawn the
/// event's revision.
#[uniffi::export(foreign)]
pub trait GameListener: Send + Sync {
    fn on_event(&self, event: LiveEvent);
}

struct ForeignListener(Arc<dyn GameListener>);

impl Listener for ForeignListener {
    fn on_event(&self, event: LiveEvent) {
        self.0.on_event(event);
    }
}

/// The games of a PGN text (a file or text shared to the app), for the
/// player to pick one.
#[uniffi::export]
pub fn pgn_games(pgn: String) -> Result<Vec<PgnGameInfo>, RokadaError> {
    let games = parse_games(&pgn)?;
    if games.is_empty() {
        return Err(PgnError {
            kind: PgnErrorKind::NoGame,
            ply: 0,
            text: String::new(),
        }
        .into());
    }
    Ok(games.iter().enumerate().map(|(i, g)| g.info(i)).collect())
}

/// What an action asks of the screen beyond drawing the view.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
#[expect(
    clippy::large_enum_variant,
    reason = "crosses the FFI by value, where Rust's layout does not matter"
)]
pub enum ActionOutcome {
    /// Done; draw this view.
    Done { view: GameView },
    /// Share this game (PGN) with the platform's share sheet.
    Share { pgn: String },
    /// Open the new-game setup; this game stays until it is replaced.
    NewGame,
}

/// One game, as an app screen drives it.
#[derive(uniffi::Object)]
pub struct Game {
    pub(crate) live: LiveGame,
}

/// A time control from the app, checked like any outside input.
pub(crate) fn validate_time_control(tc: TimeControl) -> Result<TimeControl, RokadaError> {
    TimeControl::new(tc.base_ms, tc.increment_ms).map_err(|_| RokadaError::InvalidTimeControl {
        base_ms: tc.base_ms,
        increment_ms: tc.increment_ms,
    })
}

pub(crate) fn time_source() -> Arc<dyn TimeSource> {
    Arc::new(MonotonicTime::new())
}

impl Game {
    fn local(session: GameSession) -> Result<Arc<Game>, RokadaError> {
        crate::logging::ensure();
        Ok(Arc::new(Game {
            live: LiveGame::start(session)?,
        }))
    }
}

#[uniffi::export]
impl Game {
    /// A new game on one phone or against the computer.
    #[uniffi::constructor]
    pub fn new(setup: GameSetup) -> Result<Arc<Game>, RokadaError> {
        let time_control = setup.time_control.map(validate_time_control).transpose()?;
        let config = GameConfig {
            mode: setup.mode.into(),
            start_fen: setup.start_fen,
            time_control,
            white_name: setup.white_name,
            black_name: setup.black_name,
        };
        Game::local(GameSession::new(config, time_source())?)
    }

    /// A game resumed from [`Game::save`] output, clock and repetition
    /// history included. A Wi-Fi game is resumed by hosting it again.
    #[uniffi::constructor]
    pub fn restore(save: String) -> Result<Arc<Game>, RokadaError> {
        Game::local(GameSession::restore(&save, time_source())?)
    }

    /// Game `index` (from [`pgn_games`]) of a PGN text, to look at or play
    /// on without clocks; a bad file or move is refused naming the
    /// half-move, and nothing is made.
    #[uniffi::constructor(default(index = 0))]
    pub fn from_pgn(pgn: String, mode: GameMode, index: u32) -> Result<Arc<Game>, RokadaError> {
        let games = parse_games(&pgn)?;
        let game = games.get(index as usize).ok_or(PgnError {
            kind: PgnErrorKind::NoGame,
            ply: 0,
            text: format!("game {index} of {}", games.len()),
        })?;
        Game::local(GameSession::from_pgn(
            game,
            mode.into(),
            RecordedResult::Apply,
            time_source(),
        )?)
    }

    /// Where events go; `None` stops them. Events so far that no listener
    /// has had yet go to the new one.
    pub fn set_listener(&self, listener: Option<Arc<dyn GameListener>>) {
        self.live
            .set_listener(listener.map(|l| Arc::new(ForeignListener(l)) as Arc<dyn Listener>));
    }

    /// Everything the game screen draws.
    pub fn view(&self) -> GameView {
        self.live.view()
    }

    /// Both clock faces now, for a display that ticks between changes.
    pub fn clock(&self) -> Option<ClockView> {
        self.live.clock()
    }

    /// The screen's settings: seating and move hints.
    pub fn set_options(&self, options: ViewOptions) -> GameView {
        self.live.set_options(options)
    }

    /// A tap on a square.
    pub fn tap(&self, square: Square) -> Touched {
        self.live.touch(Touch::Tap(square))
    }

    /// A drag starts on a square.
    pub fn drag_start(&self, square: Square) -> Touched {
        self.live.touch(Touch::DragStart(square))
    }

    /// A dragged piece is dropped.
    pub fn drop_piece(&self, from: Square, to: Square) -> Touched {
        self.live.touch(Touch::Drop { from, to })
    }

    /// The promotion dialog's choice.
    pub fn choose_promotion(&self, kind: PieceKind) -> Touched {
        self.live.touch(Touch::ChoosePromotion(kind))
    }

    /// The promotion dialog was dismissed: the pawn stays, selected.
    pub fn cancel_promotion(&self) -> Touched {
        self.live.touch(Touch::CancelPromotion)
    }

    /// A move by the player at this device, by squares.
    #[uniffi::method(default(promotion = None))]
    pub fn play(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<MoveResult, RokadaError> {
        let changed = self.live.play(from, to, promotion)?;
        Ok(match changed.value {
            MoveOutcome::Played(m) => MoveResult::Played {
                played: (&m).into(),
                view: changed.view,
            },
            MoveOutcome::NeedsPromotion { from, to } => MoveResult::NeedsPromotion {
                from: from.into(),
                to: to.into(),
            },
        })
    }

    /// A move by the player at this device in SAN or UCI.
    pub fn play_text(&self, text: String) -> Result<MoveResult, RokadaError> {
        let changed = self.live.play_text(&text)?;
        Ok(MoveResult::Played {
            played: (&changed.value).into(),
            view: changed.view,
        })
    }

    /// One of the screen's actions (the view lists them).
    pub fn perform(&self, action: GameAction) -> Result<ActionOutcome, RokadaError> {
        Ok(match self.live.perform(action)? {
            LiveOutcome::Done(view) => ActionOutcome::Done { view: *view },
            LiveOutcome::Share { pgn } => ActionOutcome::Share { pgn },
            LiveOutcome::NewGame => ActionOutcome::NewGame,
        })
    }

    /// Claims a draw shown as a button (the view's claimable draws).
    pub fn claim_draw(&self, claim: DrawClaim) -> Result<ActionOutcome, RokadaError> {
        self.perform(GameAction::ClaimDraw { claim })
    }

    /// Shows the position after `ply` half-moves (0: the start); browsing
    /// never changes the game.
    pub fn show_ply(&self, ply: u32) -> GameView {
        self.live.show_ply(ply)
    }

    /// Steps through the moves (negative: back).
    pub fn step(&self, delta: i32) -> GameView {
        self.live.step(delta)
    }

    /// Back to the live position.
    pub fn show_live(&self) -> GameView {
        self.live.show_live()
    }

    /// The app goes to the background: the computer stops thinking and the
    /// clock stops (except over Wi-Fi, where the opponent's time runs on).
    pub fn pause(&self) {
        self.live.pause();
    }

    /// The app is back.
    pub fn resume(&self) {
        self.live.resume();
    }

    /// Ends the game as dropping it does (the computer stops, a Wi-Fi game
    /// is adjourned and the other device told) and returns once its last
    /// save is written: stop a game before starting the one that replaces
    /// it in the same save slot. Its view can still be read.
    pub fn stop(&self) {
        self.live.stop();
    }

    /// The whole game for [`Game::restore`].
    pub fn save(&self) -> String {
        self.live.save()
    }

    pub fn pgn(&self) -> String {
        self.live.pgn()
    }
}
