//! The game screen's actions: which a player has now, by mode and state,
//! where they go (the bottom bar or the menu), and which need confirming,
//! so that every app shows the same controls.

use shakmaty::Color;

use super::peer::{LinkState, PeerRole, PeerStatus};
use crate::rules::DrawClaim;
use crate::session::{Controller, GameSession, Mode};

/// One thing a player can do on the game screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameAction {
    /// Shown only while the claim is available to the player at this device.
    ClaimDraw {
        claim: DrawClaim,
    },
    /// Both players at one phone agree to a draw.
    AgreeDraw,
    /// Over Wi-Fi: offer a draw to the opponent.
    OfferDraw,
    /// Over Wi-Fi: answer the opponent's pending offer.
    AcceptDraw,
    DeclineDraw,
    Resign,
    /// Take back a move (against the computer: yours and its reply).
    Undo,
    Redo,
    FlipBoard,
    /// One phone: stop both clocks, and start them again.
    PauseClock,
    ResumeClock,
    SharePgn,
    NewGame,
    /// After the end: the same kind of game again with colours swapped
    /// (over Wi-Fi: ask for it, or agree to the opponent's request).
    Rematch,
    /// Over Wi-Fi: turn down the opponent's rematch request.
    DeclineRematch,
    /// Over Wi-Fi: stop playing; an unfinished game is adjourned.
    Leave,
    /// Host, while waiting for the other device: show a new code (the old
    /// one may have been seen, or guessed at).
    NewCode,
    /// While browsing a game on this device: play on from the position on
    /// show, dropping the moves after it.
    ContinueFromHere,
}

/// An action as a control shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct ActionItem {
    pub action: GameAction,
    /// The bottom bar keeps its places: a control that cannot act now is
    /// shown disabled rather than removed.
    pub enabled: bool,
    /// Ask "are you sure?" first: it cannot be taken back or it ends or
    /// replaces a game in progress.
    pub confirm: bool,
}

/// The bottom bar (the mode's main actions) and the menu (the rest).
#[derive(Debug, Clone, PartialEq, Eq, Default, uniffi::Record)]
pub struct Actions {
    pub bar: Vec<ActionItem>,
    pub menu: Vec<ActionItem>,
}

/// What decides the actions besides the session.
#[derive(Debug, Clone, Copy)]
pub struct ActionContext<'a> {
    pub peer: Option<&'a PeerStatus>,
    /// The players paused the clock (one phone).
    pub clock_paused: bool,
    /// An earlier position is on show.
    pub browsing: bool,
}

fn item(action: GameAction, enabled: bool) -> ActionItem {
    ActionItem {
        action,
        enabled,
        confirm: false,
    }
}

fn confirmed(action: GameAction, enabled: bool) -> ActionItem {
    ActionItem {
        action,
        enabled,
        confirm: true,
    }
}

/// The colour that resigns from this device: the player's own, or on one
/// phone the side to move.
pub fn local_color(session: &GameSession) -> Option<Color> {
    match session.mode() {
        Mode::SamePhone => Some(session.turn()),
        Mode::Computer { human, .. } => Some(human),
        Mode::WifiPeer { local } => Some(local),
    }
    .filter(|&c| session.controller(c) == Controller::Local)
}

/// Whether a rematch request is the opponent's, waiting for an answer.
fn rematch_asked_by_opponent(session: &GameSession, peer: &PeerStatus) -> bool {
    let local = session.wifi_local_color().map(Into::into);
    peer.rematch_offered_by.is_some() && peer.rematch_offered_by != local
}

/// The actions for the player at this device, in display order.
pub fn actions(session: &GameSession, context: ActionContext<'_>) -> Actions {
    let mut actions = match session.mode() {
        Mode::SamePhone => same_phone(session, context),
        Mode::Computer { .. } => computer(session),
        Mode::WifiPeer { .. } => match context.peer {
            Some(peer) => wifi(session, peer),
            // A finished Wi-Fi game looked at again, without its link.
            None => Actions {
                bar: vec![
                    item(GameAction::FlipBoard, true),
                    item(GameAction::SharePgn, true),
                ],
                menu: vec![new_game(session)],
            },
        },
    };
    if context.browsing && session.mode().allows_undo() {
        // Moves after the one on show are dropped: ask first.
        actions
            .menu
            .insert(0, confirmed(GameAction::ContinueFromHere, true));
    }
    actions
}

fn same_phone(session: &GameSession, context: ActionContext<'_>) -> Actions {
    let over = session.is_over();
    let timed = session.clock().is_some();
    let mut bar = vec![
        item(GameAction::Undo, session.can_undo()),
        item(GameAction::FlipBoard, true),
    ];
    let mut menu = Vec::new();
    if over {
        bar.extend([
            item(GameAction::Rematch, true),
            item(GameAction::SharePgn, true),
        ]);
    } else {
        bar.extend([
            confirmed(GameAction::AgreeDraw, !context.clock_paused),
            confirmed(GameAction::Resign, !context.clock_paused),
        ]);
    }
    if session.can_redo() {
        menu.push(item(GameAction::Redo, true));
    }
    if timed && !over {
        menu.push(item(
            if context.clock_paused {
                GameAction::ResumeClock
            } else {
                GameAction::PauseClock
            },
            true,
        ));
    }
    if !over {
        menu.push(item(GameAction::SharePgn, true));
    }
    menu.push(new_game(session));
    Actions { bar, menu }
}

fn computer(session: &GameSession) -> Actions {
    let over = session.is_over();
    let mut bar = vec![
        item(GameAction::Undo, session.can_undo()),
        item(GameAction::FlipBoard, true),
    ];
    let mut menu = Vec::new();
    if over {
        bar.extend([
            item(GameAction::Rematch, true),
            item(GameAction::SharePgn, true),
        ]);
    } else {
        bar.push(confirmed(GameAction::Resign, true));
        menu.push(item(GameAction::SharePgn, true));
    }
    menu.push(new_game(session));
    Actions { bar, menu }
}

fn wifi(session: &GameSession, peer: &PeerStatus) -> Actions {
    let mut bar = Vec::new();
    let mut menu = Vec::new();
    let open = peer.link != LinkState::Closed;
    if peer.started {
        bar.push(item(GameAction::FlipBoard, true));
        if session.is_over() {
            let connected = peer.link == LinkState::Connected;
            let asked_by_us = peer.rematch_offered_by.is_some()
                && peer.rematch_offered_by == session.wifi_local_color().map(Into::into);
            bar.extend([
                item(GameAction::Rematch, connected && !asked_by_us),
                item(GameAction::SharePgn, true),
            ]);
            if connected && rematch_asked_by_opponent(session, peer) {
                menu.push(item(GameAction::DeclineRematch, true));
            }
        } else {
            let local = session.wifi_local_color();
            let offer = session.draw_offer();
            bar.extend([
                item(GameAction::OfferDraw, offer.is_none()),
                confirmed(GameAction::Resign, true),
            ]);
            if offer.is_some() && offer != local {
                menu.extend([
                    item(GameAction::AcceptDraw, true),
                    item(GameAction::DeclineDraw, true),
                ]);
            }
            menu.push(item(GameAction::SharePgn, true));
        }
    }
    if peer.role == PeerRole::Host && !peer.started && peer.link == LinkState::Pairing {
        menu.push(item(GameAction::NewCode, true));
    }
    if open {
        let unfinished = peer.started && !session.is_over();
        menu.push(ActionItem {
            action: GameAction::Leave,
            enabled: true,
            confirm: unfinished,
        });
    }
    Actions { bar, menu }
}

/// A new game replaces this one: confirm while it is unfinished.
fn new_game(session: &GameSession) -> ActionItem {
    ActionItem {
        action: GameAction::NewGame,
        enabled: true,
        confirm: !session.is_over() && !session.moves().is_empty(),
    }
}

/// The draws the player at this device may claim now, each shown as its own
/// button with its reason.
pub fn claims(session: &GameSession) -> Vec<DrawClaim> {
    if session.is_local_turn() {
        session.claimable_draws()
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests;
