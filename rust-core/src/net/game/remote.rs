//! What arrives from the other device: link news and game messages, each
//! checked against the session before it changes anything.

use shakmaty::{Color, Position};

use super::{Ctx, Protocol, RematchAsk, WifiEvent, error_code, player_name, verdict_fits};
use crate::net::link::{LinkEvent, Violation};
use crate::net::message::{ErrorCode, Message, MoveMsg};
use crate::rules::{self, EndReason, GameEnd};
use crate::session::{Controller, GameError, GameSession, parse_move};

impl Protocol {
    pub fn on_link_event(&mut self, ctx: &mut Ctx<'_>, e: LinkEvent) {
        match e {
            LinkEvent::WrongCode { attempts } => ctx.event(WifiEvent::WrongCode { attempts }),
            LinkEvent::CodeRenewed(code) => ctx.event(WifiEvent::CodeChanged(code)),
            LinkEvent::Refused(reason) => ctx.event(WifiEvent::Refused(reason)),
            LinkEvent::RefusedByHost(reason) => {
                self.finished = true;
                ctx.event(WifiEvent::RefusedByHost(reason));
            }
            LinkEvent::Unreachable => {
                self.finished = true;
                ctx.event(WifiEvent::Unreachable);
            }
            LinkEvent::Connected { resumed } => {
                ctx.event(WifiEvent::Connected { resumed });
                if !resumed && let Some(name) = self.name.clone() {
                    let local = Self::local_color(ctx.session);
                    ctx.session.set_player_name(local, Some(name.clone()));
                    ctx.send(Message::Player { name });
                }
                if self.is_host() && resumed {
                    if let Some(clock) = Self::clock_message(ctx.session) {
                        ctx.send(clock);
                    }
                } else if self.is_host() {
                    ctx.send(Self::game_message(ctx.session));
                    self.started = true;
                    self.restart_turn_clock(ctx.session);
                    let local = Self::local_color(ctx.session);
                    ctx.event(WifiEvent::GameStarted { local });
                }
            }
            LinkEvent::Message(msg) => self.on_message(ctx, msg),
            LinkEvent::Violation(v) => self.on_violation(ctx, v),
            // Leaving, the other device's going is the end of the link.
            LinkEvent::LinkLost if self.closing => ctx.link.close(),
            LinkEvent::LinkLost => ctx.event(WifiEvent::LinkLost),
            LinkEvent::Adjourned if self.finished => {}
            LinkEvent::Adjourned => self.adjourn(ctx),
            LinkEvent::Dropped { peer, cause } => ctx.event(WifiEvent::Dropped { peer, cause }),
            LinkEvent::AllAcknowledged => {
                if self.closing {
                    ctx.link.close();
                }
                ctx.event(WifiEvent::AllDelivered);
            }
        }
    }

    fn on_violation(&mut self, ctx: &mut Ctx<'_>, v: Violation) {
        ctx.event(WifiEvent::ProtocolViolation(v.to_string()));
    }

    fn on_message(&mut self, ctx: &mut Ctx<'_>, msg: Message) {
        match msg {
            Message::Game { save } => self.on_game(ctx, &save),
            Message::Move(m) => self.on_move(ctx, m),
            Message::Clock(c) => self.on_clock(ctx, c),
            Message::GameOver { plies, end } => self.on_game_over(ctx, plies, end),
            Message::DrawOffer => self.remote_action(ctx, |s| s.offer_draw(Controller::Remote)),
            Message::DrawAccept => {
                self.host_only(ctx, |s, _| s.accept_draw(Controller::Remote).map(drop));
            }
            Message::DrawDecline => self.remote_action(ctx, |s| s.decline_draw(Controller::Remote)),
            Message::ClaimDraw { claim } => {
                self.host_only(ctx, |s, _| {
                    s.claim_draw(Controller::Remote, claim).map(drop)
                });
            }
            Message::Resign => {
                self.host_only(ctx, |s, by| s.resign(Controller::Remote, by).map(drop));
            }
            Message::Rematch => self.on_rematch_request(ctx),
            Message::RematchAccept => {
                if self.rematch == Some(RematchAsk::Local) {
                    self.rematch = None;
                    if self.is_host() {
                        self.start_rematch(ctx);
                    }
                } else {
                    ctx.refuse(ErrorCode::Unexpected, "no rematch was asked for".into());
                }
            }
            Message::RematchDecline => {
                if self.rematch == Some(RematchAsk::Local) {
                    self.rematch = None;
                    let by = !Self::local_color(ctx.session);
                    ctx.event(WifiEvent::RematchDeclined { by });
                }
            }
            Message::Leave => {
                ctx.event(WifiEvent::PeerLeft);
                self.adjourn(ctx);
            }
            Message::Player { name } => match player_name(&name) {
                Some(name) => {
                    let remote = !Self::local_color(ctx.session);
                    ctx.session.set_player_name(remote, Some(name));
                    // The player bar changes: the screens must hear of it.
                    ctx.event(WifiEvent::PlayerNamed { side: remote });
                }
                None => ctx.refuse(ErrorCode::Malformed, "not a player name".into()),
            },
            Message::ResyncRequest { .. } => {
                if self.is_host() {
                    ctx.send(Self::game_message(ctx.session));
                } else {
                    ctx.refuse(ErrorCode::Unexpected, "only the host resyncs".into());
                }
            }
            Message::Error { code, detail } => {
                log::warn!("the other device refused a message: {code:?}: {detail}");
                ctx.event(WifiEvent::PeerError { code });
            }
        }
        // Any message can end the game at the host, also by a flag fall
        // the session noticed while handling it.
        if self.is_host() {
            self.settle_end(ctx);
        }
    }

    /// Applies an action of the opponent to the session, or refuses it.
    fn remote_action(
        &mut self,
        ctx: &mut Ctx<'_>,
        act: impl FnOnce(&mut GameSession) -> Result<(), GameError>,
    ) {
        if !self.started {
            return ctx.refuse(ErrorCode::Unexpected, "no game yet".into());
        }
        if let Err(e) = act(ctx.session) {
            ctx.refuse(error_code(&e), e.to_string());
        }
    }

    /// A request that only the host grants (the joiner's resignation, draw
    /// acceptance or claim); its verdict goes back as `GameOver`.
    fn host_only(
        &mut self,
        ctx: &mut Ctx<'_>,
        act: impl FnOnce(&mut GameSession, Color) -> Result<(), GameError>,
    ) {
        if !self.is_host() {
            return ctx.refuse(ErrorCode::Unexpected, "the host announces ends".into());
        }
        let by = !Self::local_color(ctx.session);
        // On success the end is reported by settle_end after the message.
        self.remote_action(ctx, |s| act(s, by));
    }

    fn on_game(&mut self, ctx: &mut Ctx<'_>, save: &str) {
        if self.is_host() {
            return ctx.refuse(ErrorCode::Unexpected, "only the host sends games".into());
        }
        let restored = GameSession::restore(save, self.time.clone());
        let mut game = match restored {
            Ok(g) if g.wifi_local_color().is_some() => g,
            Ok(_) => return ctx.refuse(ErrorCode::Malformed, "not a Wi-Fi game".into()),
            Err(e) => return ctx.refuse(ErrorCode::Malformed, e.to_string()),
        };
        game.mirror_wifi_side();
        let local = Self::local_color(&game);
        if self.name.is_some() {
            game.set_player_name(local, self.name.clone());
        }
        let over = game.is_over();
        let resynced = self.started && (self.resync_requested || !ctx.session.is_over());
        *ctx.session = game;
        self.resync_requested = false;
        self.started = true;
        self.rematch = None;
        // An unfinished game's end is still to come; a finished one's is
        // reported unless it was already (the host may send it twice).
        self.announced = if over { ctx.session.end() } else { None };
        self.start_turn(ctx.session);
        ctx.event(if resynced {
            WifiEvent::Resynced
        } else {
            WifiEvent::GameStarted { local }
        });
    }

    fn on_move(&mut self, ctx: &mut Ctx<'_>, m: MoveMsg) {
        if !self.started {
            return ctx.refuse(ErrorCode::Unexpected, "no game yet".into());
        }
        let session = &mut *ctx.session;
        let plies = session.moves().len();
        if m.ply as usize != plies || session.controller(session.turn()) != Controller::Remote {
            let detail = format!("move for ply {} at ply {plies}", m.ply);
            let behind = (m.ply as usize) > plies;
            return self.mismatch(ctx, ErrorCode::OutOfTurn, detail, behind);
        }
        if session.is_over() {
            // The other side moved while this side ended the game: the
            // host's game stands.
            return self.mismatch(ctx, ErrorCode::Unexpected, "the game is over".into(), true);
        }
        let chess_move = match parse_move(session.position(), &m.uci) {
            Ok(cm) => cm,
            Err(e) => return ctx.refuse(ErrorCode::IllegalMove, e.to_string()),
        };
        let mut after = session.position().clone();
        after.play_unchecked(chess_move);
        if rules::position_key(&after) != m.position_hash {
            let detail = format!("after {}", m.uci);
            return self.mismatch(ctx, ErrorCode::HashMismatch, detail, true);
        }
        if self.is_host() {
            self.charge_remote_move(ctx.session, m.think_time_ms, ctx.link.rtt());
        }
        match ctx.session.play_move_as(Controller::Remote, chess_move) {
            Ok(_) => {
                if self.is_host()
                    && let Some(clock) = Self::clock_message(ctx.session)
                {
                    ctx.send(clock);
                }
                self.start_turn(ctx.session);
            }
            // The flag fell before the move arrived: settled after the message.
            Err(GameError::GameOver) => {}
            Err(e) => ctx.refuse(ErrorCode::IllegalMove, e.to_string()),
        }
    }

    /// The games differ: the joiner asks for the host's; the host says so
    /// and sends its game, which the joiner then takes.
    fn mismatch(&mut self, ctx: &mut Ctx<'_>, code: ErrorCode, detail: String, ask_resync: bool) {
        ctx.event(WifiEvent::ProtocolViolation(format!("{code:?}: {detail}")));
        if self.is_host() {
            ctx.send(Message::Error { code, detail });
            ctx.send(Self::game_message(ctx.session));
        } else if ask_resync {
            self.request_resync(ctx);
        } else {
            ctx.send(Message::Error { code, detail });
        }
    }

    fn request_resync(&mut self, ctx: &mut Ctx<'_>) {
        let plies = ctx.session.moves().len() as u32;
        let position_hash = rules::position_key(ctx.session.position());
        self.resync_requested = true;
        ctx.send(Message::ResyncRequest {
            plies,
            position_hash,
        });
    }

    fn on_game_over(&mut self, ctx: &mut Ctx<'_>, plies: u32, end: GameEnd) {
        if self.is_host() {
            return ctx.refuse(ErrorCode::Unexpected, "the host announces ends".into());
        }
        if !self.started {
            return ctx.refuse(ErrorCode::Unexpected, "no game yet".into());
        }
        let session = &mut *ctx.session;
        let same_game = session.moves().len() == plies as usize;
        let applies = same_game
            && match session.end() {
                Some(local) => local == end,
                None => verdict_fits(session, end),
            };
        if !applies {
            return self.request_resync(ctx);
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
        self.announced = Some(end);
    }

    fn on_rematch_request(&mut self, ctx: &mut Ctx<'_>) {
        if !self.started || !ctx.session.is_over() {
            return ctx.refuse(ErrorCode::Unexpected, "the game is not over".into());
        }
        if self.rematch == Some(RematchAsk::Local) {
            // Both asked: that is agreement.
            self.rematch = None;
            if self.is_host() {
                self.start_rematch(ctx);
            }
            return;
        }
        self.rematch = Some(RematchAsk::Remote);
        let by = !Self::local_color(ctx.session);
        ctx.event(WifiEvent::RematchOffered { by });
    }
}
