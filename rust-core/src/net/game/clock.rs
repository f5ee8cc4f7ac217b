//! The host's clock: the mover reports its own thinking time; the host
//! charges that, but never less than its own measure minus a lag allowance
//! (the link's round-trip time, at most [`MAX_LAG_ALLOWANCE_MS`]), and
//! grants the same allowance before it calls a remote flag fall. Clocks
//! keep running while the link is down, as they would on a board.

use std::time::Duration;

use shakmaty::Color;

use super::{Ctx, Protocol, WifiEvent};
use crate::clock::Millis;
use crate::net::message::{ClockState, ErrorCode, Message};
use crate::session::{Controller, GameSession};

/// Most network lag forgiven on one move.
pub const MAX_LAG_ALLOWANCE_MS: Millis = 500;
/// Lag forgiven before the link has measured its round-trip time.
const MIN_LAG_ALLOWANCE_MS: Millis = 50;

fn lag_allowance(rtt: Option<Duration>) -> Millis {
    let rtt = rtt.map_or(0, |d| {
        Millis::try_from(d.as_millis()).unwrap_or(Millis::MAX)
    });
    rtt.clamp(MIN_LAG_ALLOWANCE_MS, MAX_LAG_ALLOWANCE_MS)
}

impl Protocol {
    pub(super) fn clock_message(session: &GameSession) -> Option<Message> {
        let clock = session.clock()?;
        Some(Message::Clock(ClockState {
            plies: session.moves().len() as u32,
            white_ms: clock.white_ms,
            black_ms: clock.black_ms,
        }))
    }

    /// The clock has run since the session was made; the game starts now.
    pub(super) fn restart_turn_clock(&mut self, session: &mut GameSession) {
        if let Some(c) = session.clock() {
            session.set_clock_times(c.white_ms, c.black_ms);
        }
        self.start_turn(session);
    }

    /// Host: charges the opponent's move to its clock before it is played.
    pub(super) fn charge_remote_move(
        &self,
        session: &mut GameSession,
        reported_ms: Millis,
        rtt: Option<Duration>,
    ) {
        let (Some(start_left), Some(clock)) = (self.turn_start_remaining, session.clock()) else {
            return;
        };
        if clock.running != Some(session.turn()) {
            return;
        }
        let measured = self.time.now_ms().saturating_sub(self.turn_started);
        let charged = reported_ms
            .max(measured.saturating_sub(lag_allowance(rtt)))
            .min(measured);
        let left = start_left.saturating_sub(charged);
        let (white, black) = match session.turn() {
            Color::White => (left, clock.black_ms),
            Color::Black => (clock.white_ms, left),
        };
        session.set_clock_times(white, black);
    }

    /// Joiner: the host's times after a move, which count.
    pub(super) fn on_clock(&mut self, ctx: &mut Ctx<'_>, c: ClockState) {
        if self.is_host() {
            return ctx.refuse(ErrorCode::Unexpected, "the host keeps the clock".into());
        }
        let session = &mut *ctx.session;
        if self.started && session.moves().len() == c.plies as usize && !session.is_over() {
            session.set_clock_times(c.white_ms, c.black_ms);
            self.start_turn(session);
            ctx.event(WifiEvent::ClockSet);
        }
    }

    /// How long past the running side's zero the host waits before it
    /// calls the flag: the lag allowance for the opponent, nothing for its
    /// own player. `None` on the joiner, which leaves flags to the host.
    pub fn flag_allowance(&self, session: &GameSession, rtt: Option<Duration>) -> Option<Millis> {
        if !self.is_host() || !self.started {
            return None;
        }
        let remote_running = session.controller(session.turn()) == Controller::Remote;
        Some(if remote_running {
            lag_allowance(rtt)
        } else {
            0
        })
    }

    /// Host: calls flag falls, with the lag allowance for the opponent.
    pub fn on_clock_tick(&mut self, ctx: &mut Ctx<'_>) {
        if !self.is_host() || !self.started {
            return;
        }
        let session = &mut *ctx.session;
        if session.is_over() || session.clock().and_then(|c| c.running).is_none() {
            return;
        }
        if session.controller(session.turn()) == Controller::Remote {
            let Some(start_left) = self.turn_start_remaining else {
                return;
            };
            let allowance = lag_allowance(ctx.link.rtt());
            let elapsed = self.time.now_ms().saturating_sub(self.turn_started);
            if elapsed < start_left.saturating_add(allowance) {
                return;
            }
            let Some(c) = session.clock() else {
                return;
            };
            match session.turn() {
                Color::White => session.set_clock_times(0, c.black_ms),
                Color::Black => session.set_clock_times(c.white_ms, 0),
            }
        }
        session.poll_clock();
        self.settle_end(ctx);
    }
}
