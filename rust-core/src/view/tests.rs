use shakmaty::Color;

use super::*;
use crate::clock::{ManualTime, TimeControl};
use crate::session::GameConfig;

fn session(mode: Mode, fen: Option<&str>) -> GameSession {
    let mut config = GameConfig::new(mode);
    config.start_fen = fen.map(str::to_owned);
    config.time_control = Some(TimeControl::new(60_000, 2_000).unwrap());
    GameSession::new(config, ManualTime::new()).unwrap()
}

fn context(input: &BoardInput) -> ViewContext<'_> {
    ViewContext {
        revision: 7,
        input,
        options: ViewOptions::default(),
        flipped_by_hand: false,
        browsing: None,
        computer_thinking: false,
        clock_paused: false,
        peer: None,
    }
}

#[test]
fn the_players_own_colour_is_at_the_bottom() {
    let options = ViewOptions::default();
    let black = |mode| bottom_color(&session(mode, None), options, false);
    assert_eq!(black(Mode::SamePhone), Color::White);
    assert_eq!(
        black(Mode::Computer {
            human: Color::Black,
            level: 1
        }),
        Color::Black
    );
    assert_eq!(
        black(Mode::WifiPeer {
            local: Color::Black
        }),
        Color::Black
    );
    let same = session(Mode::SamePhone, None);
    assert_eq!(bottom_color(&same, options, true), Color::Black);
}

#[test]
fn a_view_of_the_game_in_one_piece() {
    let mut game = session(
        Mode::Computer {
            human: Color::White,
            level: 4,
        },
        None,
    );
    game.play_text("e4").unwrap();
    game.play_text_as(Controller::Computer, "d5").unwrap();
    let mut input = BoardInput::default();
    input.tap(&mut game, shakmaty::Square::E4);
    let view = game_view(&game, context(&input));
    assert_eq!(view.revision, 7);
    assert_eq!(view.board.pieces.len(), 64);
    assert_eq!(view.board.selected, Some(Square::E4));
    assert_eq!(
        view.board.hints,
        [
            Hint {
                square: Square::D5,
                capture: true
            },
            Hint {
                square: Square::E5,
                capture: false
            }
        ]
    );
    assert!(view.board.interactive);
    assert_eq!(
        view.board.last_move,
        Some(SquarePair {
            from: Square::D7,
            to: Square::D5
        })
    );
    assert_eq!(view.status.mover, Mover::You);
    assert_eq!(view.bottom.label, PlayerLabel::You);
    assert_eq!(
        view.top.label,
        PlayerLabel::Computer {
            level: 4,
            rating: 1200
        }
    );
    assert!(view.bottom.to_move && !view.top.to_move);
    assert!(view.bottom.clock.as_ref().is_some_and(|c| c.running));
    assert_eq!(view.moves.len(), 1);
    assert_eq!(
        view.browse,
        BrowseState {
            plies: 2,
            shown: 2,
            live: true
        }
    );
    assert_eq!(view.prompt, None);
}

#[test]
fn browsing_shows_an_earlier_position_without_touches() {
    let mut game = session(Mode::SamePhone, None);
    for m in ["e4", "e5", "Qh5"] {
        game.play_text(m).unwrap();
    }
    let mut input = BoardInput::default();
    input.tap(&mut game, shakmaty::Square::B8);
    let mut ctx = context(&input);
    ctx.browsing = Some(0);
    let view = game_view(&game, ctx);
    assert_eq!(view.board.last_move, None);
    assert_eq!(view.board.selected, None);
    assert!(view.board.hints.is_empty() && !view.board.interactive);
    assert_eq!(
        view.board.pieces[Square::D1 as usize].map(|p| p.kind),
        Some(PieceKind::Queen)
    );
    assert_eq!(position_at(&game, 3).board(), game.position().board());
}

#[test]
fn an_en_passant_target_is_a_capture_hint() {
    let mut game = session(Mode::SamePhone, Some("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"));
    let mut input = BoardInput::default();
    input.tap(&mut game, shakmaty::Square::D5);
    let view = game_view(&game, context(&input));
    assert!(view.board.hints.contains(&Hint {
        square: Square::E6,
        capture: true
    }));
}

#[test]
fn a_draw_offer_from_the_other_device_is_a_prompt() {
    let mut game = session(
        Mode::WifiPeer {
            local: Color::White,
        },
        None,
    );
    let input = BoardInput::default();
    let mut peer = PeerStatus::new(PeerRole::Joiner, None, None);
    peer.started = true;
    let mut ctx = context(&input);
    ctx.peer = Some(&peer);
    game.set_player_name(Color::Black, Some("Ada's phone".into()));
    game.offer_draw(Controller::Remote).unwrap();
    let view = game_view(&game, ctx);
    assert_eq!(view.prompt, Some(Prompt::DrawOffered { by: Side::Black }));
    assert_eq!(
        view.status.draw_offer,
        Some(DrawOfferView {
            by: Side::Black,
            from_opponent: true
        })
    );
    assert_eq!(
        view.top.label,
        PlayerLabel::Peer {
            name: Some("Ada's phone".into())
        }
    );
    assert_eq!(view.status.mover, Mover::You);
}

#[test]
fn the_end_sounds_as_it_ends_for_the_player_here() {
    let input = BoardInput::default();
    let sound = |mode, resigner: Color| {
        let mut game = session(mode, None);
        game.resign(game.controller(resigner), resigner).unwrap();
        game_view(&game, context(&input)).status.end_sound
    };
    let computer = Mode::Computer {
        human: Color::Black,
        level: 1,
    };
    assert_eq!(sound(computer, Color::White), Some(EndSound::Win));
    assert_eq!(sound(computer, Color::Black), Some(EndSound::Loss));
    assert_eq!(sound(Mode::SamePhone, Color::Black), Some(EndSound::Win));
    let mut drawn = session(Mode::SamePhone, None);
    drawn.agree_draw().unwrap();
    assert_eq!(
        game_view(&drawn, context(&input)).status.end_sound,
        Some(EndSound::Draw)
    );
    assert_eq!(
        game_view(&session(Mode::SamePhone, None), context(&input))
            .status
            .end_sound,
        None
    );
}

#[test]
fn the_screen_stays_awake_while_a_game_runs_or_a_link_is_open() {
    let mut game = session(Mode::SamePhone, None);
    let input = BoardInput::default();
    assert!(game_view(&game, context(&input)).keep_awake);
    let mut paused = context(&input);
    paused.clock_paused = true;
    assert!(!game_view(&game, paused).keep_awake);
    game.resign(Controller::Local, Color::White).unwrap();
    assert!(!game_view(&game, context(&input)).keep_awake);
    let awake = |link| {
        let mut peer = PeerStatus::new(PeerRole::Host, None, None);
        peer.link = link;
        let mut linked = context(&input);
        linked.peer = Some(&peer);
        game_view(&game, linked).keep_awake
    };
    assert!(awake(LinkState::Pairing), "waiting for the other device");
    assert!(!awake(LinkState::Closed));
}
