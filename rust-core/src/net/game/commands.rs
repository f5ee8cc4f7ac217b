//! What the player at this device does: a move already played on the
//! session, told to the other device; draw offers and answers, claims,
//! resignation, rematch and leaving, refused at once when they cannot be.

use super::{ActionError, Ctx, Protocol, RematchAsk, WifiCommand, WifiEvent};
use crate::net::message::{Message, MoveMsg};
use crate::rules;
use crate::session::{Controller, GameConfig, GameError, GameSession, Mode, PlayedMove};

impl Protocol {
    /// Whether the player at this device may act on the game now.
    pub fn ready(&self) -> Result<(), ActionError> {
        if self.finished {
            Err(ActionError::Closed)
        } else if !self.started {
            Err(ActionError::NoGameYet)
        } else {
            Ok(())
        }
    }

    /// The player at this device made `played` on the session: tell the
    /// other device (the host also its clock), and settle an end it made.
    pub fn local_move(&mut self, ctx: &mut Ctx<'_>, played: &PlayedMove) {
        let think = self.time.now_ms().saturating_sub(self.turn_started);
        ctx.send(Message::Move(MoveMsg {
            ply: (played.ply - 1) as u32,
            uci: played.uci.clone(),
            position_hash: rules::position_key(ctx.session.position()),
            think_time_ms: think,
        }));
        if self.is_host()
            && let Some(clock) = Self::clock_message(ctx.session)
        {
            ctx.send(clock);
        }
        self.start_turn(ctx.session);
        if self.is_host() {
            self.settle_end(ctx);
        }
    }

    /// Carries out `command` of the player at this device, or refuses it
    /// and changes nothing.
    pub fn command(&mut self, ctx: &mut Ctx<'_>, command: WifiCommand) -> Result<(), ActionError> {
        self.ready()?;
        let result = self.game_command(ctx, command);
        // A command can end the game, also by a flag fall it noticed.
        if self.is_host() {
            self.settle_end(ctx);
        }
        result
    }

    fn game_command(&mut self, ctx: &mut Ctx<'_>, command: WifiCommand) -> Result<(), ActionError> {
        let session = &mut *ctx.session;
        match command {
            WifiCommand::OfferDraw => {
                session.offer_draw(Controller::Local)?;
                ctx.send(Message::DrawOffer);
            }
            WifiCommand::AcceptDraw => {
                if self.is_host() {
                    session.accept_draw(Controller::Local)?;
                } else {
                    session.poll_clock();
                    if session.is_over() {
                        return Err(GameError::GameOver.into());
                    }
                    if session.draw_offer() != session.wifi_local_color().map(|c| !c) {
                        return Err(GameError::NoDrawOffer.into());
                    }
                    ctx.send(Message::DrawAccept);
                }
            }
            WifiCommand::DeclineDraw => {
                session.decline_draw(Controller::Local)?;
                ctx.send(Message::DrawDecline);
            }
            WifiCommand::ClaimDraw(claim) => {
                if self.is_host() {
                    session.claim_draw(Controller::Local, claim)?;
                } else if session.is_over() {
                    return Err(GameError::GameOver.into());
                } else if !session.is_local_turn() {
                    return Err(GameError::NotYourTurn.into());
                } else if !session.claimable_draws().contains(&claim) {
                    return Err(GameError::DrawNotClaimable(claim).into());
                } else {
                    ctx.send(Message::ClaimDraw { claim });
                }
            }
            WifiCommand::Resign => {
                if self.is_host() {
                    let local = Self::local_color(session);
                    session.resign(Controller::Local, local)?;
                } else if session.is_over() {
                    return Err(GameError::GameOver.into());
                } else {
                    ctx.send(Message::Resign);
                }
            }
            WifiCommand::Rematch => {
                if !session.is_over() {
                    return Err(ActionError::GameNotOver);
                }
                match self.rematch {
                    Some(RematchAsk::Remote) => {
                        self.rematch = None;
                        ctx.send(Message::RematchAccept);
                        if self.is_host() {
                            self.start_rematch(ctx);
                        }
                    }
                    Some(RematchAsk::Local) => {}
                    None => {
                        self.rematch = Some(RematchAsk::Local);
                        ctx.send(Message::Rematch);
                    }
                }
            }
            WifiCommand::DeclineRematch => {
                if self.rematch != Some(RematchAsk::Remote) {
                    return Err(ActionError::NoRematchRequest);
                }
                self.rematch = None;
                ctx.send(Message::RematchDecline);
            }
        }
        Ok(())
    }

    /// Tells the other device this one leaves, and ends the link. Leaving
    /// needs no game: a joiner may give up before the host's arrives.
    pub fn leave(&mut self, ctx: &mut Ctx<'_>) -> Result<(), ActionError> {
        if self.finished {
            return Err(ActionError::Closed);
        }
        ctx.send(Message::Leave);
        self.adjourn(ctx);
        Ok(())
    }

    /// Host: a new game with colours swapped.
    pub(super) fn start_rematch(&mut self, ctx: &mut Ctx<'_>) {
        let old = &*ctx.session;
        let local = !Self::local_color(old);
        let mut config = GameConfig::new(Mode::WifiPeer { local });
        config.time_control = old.config().time_control;
        // The players change colours, and their names with them.
        config.white_name = old.config().black_name.clone();
        config.black_name = old.config().white_name.clone();
        let game = match GameSession::new(config, self.time.clone()) {
            Ok(game) => game,
            Err(e) => {
                log::error!("a rematch could not be set up: {e}");
                return;
            }
        };
        *ctx.session = game;
        self.announced = None;
        self.start_turn(ctx.session);
        ctx.send(Self::game_message(ctx.session));
        ctx.event(WifiEvent::GameStarted { local });
    }
}
