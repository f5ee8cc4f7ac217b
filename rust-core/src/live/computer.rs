//! The computer as a player of a live game: its search runs on its own
//! thread whenever it is the computer's turn, and is cancelled when the
//! position it searches is gone (undo, resignation, the app going away).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use super::events::{EventKind, Snapshot};
use super::inner::{Inner, State};
use crate::computer::{history, limits};
use crate::engine::{Engine, Level};
use crate::session::Controller;

/// A search under way.
pub(crate) struct RunningSearch {
    id: u64,
    stop: Arc<AtomicBool>,
}

impl RunningSearch {
    pub(crate) fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The computer opponent of a game against the computer.
pub(crate) struct Computer {
    engine: Arc<Mutex<Engine>>,
    level: Level,
    /// Varies the weaker levels' choices from game to game.
    seed: u64,
}

impl Computer {
    pub(crate) fn new(level: Level, seed: u64) -> Computer {
        let mut engine = Engine::new(Engine::DEFAULT_HASH_MB);
        engine.set_threads(Engine::recommended_threads());
        Computer {
            engine: Arc::new(Mutex::new(engine)),
            level,
            seed,
        }
    }

    fn wanted(state: &State) -> bool {
        let session = &state.session;
        !state.closed
            && !state.away
            && !session.is_over()
            && session.controller(session.turn()) == Controller::Computer
    }

    /// Starts the search when it is the computer's turn and none runs, and
    /// cancels a search whose position is gone. The thinking events go
    /// into `events`, in order with the change that caused them.
    pub(crate) fn turn(&self, inner: &Arc<Inner>, state: &mut State, events: &mut Vec<EventKind>) {
        let wanted = Self::wanted(state);
        if let Some(search) = &state.search {
            if wanted {
                return;
            }
            search.cancel();
            state.search = None;
            events.push(EventKind::ComputerThinking { thinking: false });
            return;
        }
        if !wanted {
            return;
        }
        state.searches += 1;
        let id = state.searches;
        let stop = Arc::new(AtomicBool::new(false));
        state.search = Some(RunningSearch {
            id,
            stop: Arc::clone(&stop),
        });
        events.push(EventKind::ComputerThinking { thinking: true });

        let session = &state.session;
        let position = session.position().clone();
        let history = history(session);
        let limits = limits(session);
        let seed = self.seed ^ (history.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (engine, level) = (Arc::clone(&self.engine), self.level);
        let inner = Arc::clone(inner);
        thread::Builder::new()
            .name("rokada-computer".into())
            .spawn(move || {
                let found = {
                    let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
                    engine.search(&position, &history, &limits, level, seed, &stop, |_| {})
                };
                let mut state = inner.lock();
                if state.search.as_ref().is_none_or(|s| s.id != id) {
                    // Cancelled: whoever cancelled it has told so.
                    return;
                }
                state.search = None;
                let before = Snapshot::of(&state.session);
                if let Ok(found) = found
                    && state
                        .session
                        .play_move_as(Controller::Computer, found.best_move)
                        .is_ok()
                {
                    state.input.reset();
                }
                let mut events = before.events_since(&state.session);
                // It stops thinking once its move is on the board.
                let at = usize::from(matches!(events.first(), Some(EventKind::MovePlayed { .. })));
                events.insert(at, EventKind::ComputerThinking { thinking: false });
                inner.settle(&mut state, events);
            })
            .expect("the computer's thread starts");
    }
}
