//! The game menu: which actions a player has now, by mode and state, so that
//! every app shows the same menu.

use shakmaty::Color;

use crate::rules::DrawClaim;
use crate::session::{Controller, GameSession, Mode};

/// One entry of the game menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameAction {
    /// Shown only while the claim is available to the player at this device.
    ClaimDraw(DrawClaim),
    /// Both players at one phone agree to a draw.
    AgreeDraw,
    /// Over Wi-Fi: offer a draw to the opponent.
    OfferDraw,
    /// Over Wi-Fi: answer the opponent's pending offer.
    AcceptDraw,
    DeclineDraw,
    Resign,
    Undo,
    Redo,
    FlipBoard,
    SharePgn,
    NewGame,
}

/// The menu for the player at this device, in display order.
pub fn available_actions(session: &GameSession) -> Vec<GameAction> {
    let mut actions = Vec::new();
    if !session.is_over() {
        if session.is_local_turn() {
            actions.extend(
                session
                    .claimable_draws()
                    .into_iter()
                    .map(GameAction::ClaimDraw),
            );
        }
        match session.mode() {
            Mode::SamePhone => actions.push(GameAction::AgreeDraw),
            Mode::WifiPeer { local } => match session.draw_offer() {
                Some(offerer) if offerer != local => {
                    actions.extend([GameAction::AcceptDraw, GameAction::DeclineDraw]);
                }
                Some(_) => {}
                None => actions.push(GameAction::OfferDraw),
            },
            Mode::Computer { .. } => {}
        }
        if local_color(session).is_some() {
            actions.push(GameAction::Resign);
        }
    }
    if session.can_undo() {
        actions.push(GameAction::Undo);
    }
    if session.can_redo() {
        actions.push(GameAction::Redo);
    }
    actions.extend([
        GameAction::FlipBoard,
        GameAction::SharePgn,
        GameAction::NewGame,
    ]);
    actions
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

#[cfg(test)]
mod tests {
    use super::GameAction::*;
    use super::*;
    use crate::clock::ManualTime;
    use crate::session::GameConfig;

    fn game(mode: Mode) -> GameSession {
        GameSession::new(GameConfig::new(mode), ManualTime::new()).unwrap()
    }

    #[test]
    fn menus_per_mode() {
        let mut same = game(Mode::SamePhone);
        assert_eq!(
            available_actions(&same),
            [AgreeDraw, Resign, FlipBoard, SharePgn, NewGame]
        );
        for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            same.play_text(m).unwrap();
        }
        assert_eq!(
            available_actions(&same),
            [
                ClaimDraw(DrawClaim::ThreefoldRepetition),
                AgreeDraw,
                Resign,
                Undo,
                FlipBoard,
                SharePgn,
                NewGame
            ]
        );

        let computer = game(Mode::Computer {
            human: Color::White,
            level: 2,
        });
        assert_eq!(
            available_actions(&computer),
            [Resign, FlipBoard, SharePgn, NewGame],
            "no agreement"
        );

        let mut wifi = game(Mode::WifiPeer {
            local: Color::White,
        });
        assert_eq!(
            available_actions(&wifi),
            [OfferDraw, Resign, FlipBoard, SharePgn, NewGame]
        );
        wifi.offer_draw(Controller::Remote).unwrap();
        assert_eq!(
            available_actions(&wifi),
            [
                AcceptDraw,
                DeclineDraw,
                Resign,
                FlipBoard,
                SharePgn,
                NewGame
            ]
        );
        wifi.accept_draw(Controller::Local).unwrap();
        assert_eq!(available_actions(&wifi), [FlipBoard, SharePgn, NewGame]);
    }
}
