use shakmaty::Color;

use super::GameAction::*;
use super::*;
use crate::clock::{ManualTime, TimeControl};
use crate::session::GameConfig;
use crate::view::{PeerRole, Side};

fn game(mode: Mode, timed: bool) -> GameSession {
    let mut config = GameConfig::new(mode);
    config.time_control = timed.then(|| TimeControl::new(300_000, 0).unwrap());
    GameSession::new(config, ManualTime::new()).unwrap()
}

fn shown(items: &[ActionItem]) -> Vec<(GameAction, bool, bool)> {
    items
        .iter()
        .map(|i| (i.action, i.enabled, i.confirm))
        .collect()
}

fn with(peer: &PeerStatus) -> ActionContext<'_> {
    ActionContext {
        peer: Some(peer),
        clock_paused: false,
        browsing: false,
    }
}

const NO_PEER: ActionContext<'static> = ActionContext {
    peer: None,
    clock_paused: false,
    browsing: false,
};

#[test]
fn one_phone_keeps_its_bar_and_confirms_what_ends_the_game() {
    let mut same = game(Mode::SamePhone, true);
    let start = actions(&same, NO_PEER);
    assert_eq!(
        shown(&start.bar),
        [
            (Undo, false, false),
            (FlipBoard, true, false),
            (AgreeDraw, true, true),
            (Resign, true, true)
        ]
    );
    assert_eq!(
        shown(&start.menu),
        [
            (PauseClock, true, false),
            (SharePgn, true, false),
            (NewGame, true, false)
        ]
    );
    same.play_text("e4").unwrap();
    let paused = actions(
        &same,
        ActionContext {
            peer: None,
            clock_paused: true,
            browsing: false,
        },
    );
    assert_eq!(
        shown(&paused.bar)[2..],
        [(AgreeDraw, false, true), (Resign, false, true)],
        "nobody acts while the clock is stopped"
    );
    assert!(paused.menu.iter().any(|i| i.action == ResumeClock));
    assert!(
        actions(&same, NO_PEER)
            .menu
            .iter()
            .any(|i| i.action == NewGame && i.confirm),
        "a game under way is replaced only when confirmed"
    );
    same.undo().unwrap();
    assert!(
        actions(&same, NO_PEER)
            .menu
            .iter()
            .any(|i| i.action == Redo)
    );
    for m in ["f3", "e5", "g4", "Qh4#"] {
        same.play_text(m).unwrap();
    }
    let over = actions(&same, NO_PEER);
    assert_eq!(
        shown(&over.bar),
        [
            (Undo, true, false),
            (FlipBoard, true, false),
            (Rematch, true, false),
            (SharePgn, true, false)
        ]
    );
    assert_eq!(shown(&over.menu), [(NewGame, true, false)]);
}

#[test]
fn against_the_computer_there_is_no_agreement() {
    let computer = game(
        Mode::Computer {
            human: Color::White,
            level: 2,
        },
        false,
    );
    let start = actions(&computer, NO_PEER);
    assert_eq!(
        shown(&start.bar),
        [
            (Undo, false, false),
            (FlipBoard, true, false),
            (Resign, true, true)
        ]
    );
    assert_eq!(
        shown(&start.menu),
        [(SharePgn, true, false), (NewGame, true, false)]
    );
}

#[test]
fn over_wifi_offers_answers_rematch_and_leaving() {
    let mut wifi = game(
        Mode::WifiPeer {
            local: Color::White,
        },
        false,
    );
    let mut peer = PeerStatus::new(PeerRole::Host, None, None);
    let waiting = actions(&wifi, with(&peer));
    assert!(waiting.bar.is_empty());
    assert_eq!(
        shown(&waiting.menu),
        [(NewCode, true, false), (Leave, true, false)]
    );
    peer.started = true;
    peer.link = LinkState::Connected;
    let playing = actions(&wifi, with(&peer));
    assert_eq!(
        shown(&playing.bar),
        [
            (FlipBoard, true, false),
            (OfferDraw, true, false),
            (Resign, true, true)
        ]
    );
    assert_eq!(
        shown(&playing.menu),
        [(SharePgn, true, false), (Leave, true, true)]
    );
    wifi.offer_draw(Controller::Remote).unwrap();
    let offered = actions(&wifi, with(&peer));
    assert_eq!(shown(&offered.bar)[1], (OfferDraw, false, false));
    assert_eq!(
        shown(&offered.menu)[..2],
        [(AcceptDraw, true, false), (DeclineDraw, true, false)]
    );
    wifi.accept_draw(Controller::Local).unwrap();
    peer.rematch_offered_by = Some(Side::Black);
    let over = actions(&wifi, with(&peer));
    assert_eq!(
        shown(&over.bar),
        [
            (FlipBoard, true, false),
            (Rematch, true, false),
            (SharePgn, true, false)
        ]
    );
    assert_eq!(
        shown(&over.menu),
        [(DeclineRematch, true, false), (Leave, true, false)]
    );
    peer.rematch_offered_by = Some(Side::White);
    assert_eq!(
        shown(&actions(&wifi, with(&peer)).bar)[1],
        (Rematch, false, false),
        "asked already: waiting for the answer"
    );
    peer.link = LinkState::Closed;
    let closed = actions(&wifi, with(&peer));
    assert!(closed.menu.is_empty());
    assert_eq!(shown(&closed.bar)[1], (Rematch, false, false));
}

#[test]
fn claims_are_the_local_players_only() {
    let mut same = game(Mode::SamePhone, false);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        same.play_text(m).unwrap();
    }
    assert_eq!(claims(&same), [DrawClaim::ThreefoldRepetition]);
    let mut computer = game(
        Mode::Computer {
            human: Color::Black,
            level: 2,
        },
        false,
    );
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        let by = computer.controller(computer.turn());
        computer.play_text_as(by, m).unwrap();
    }
    assert!(claims(&computer).is_empty(), "the computer's turn");
}
