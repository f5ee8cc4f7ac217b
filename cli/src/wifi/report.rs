//! The game's events as the terminal tells them: one JSON object each for a
//! script, in English; sentences in the player's language for a person.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rokada_core::live::{EventKind, LiveError, LiveGame};
use rokada_core::rules::GameEnd;
use rokada_core::session::{Controller, GameError};
use rokada_core::text::Strings;
use rokada_core::view::{DropReason, PeerComplaint, PeerEvent, PeerRole, Refusal, Side};
use serde_json::{Value, json};
use shakmaty::Color;

use super::play::show;
use super::{EXIT_ADJOURNED, EXIT_FAILED, Output};
use crate::game::{command_word, describe_end, describe_game_error};

fn color_name(c: impl Into<Color>) -> &'static str {
    match c.into() {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(super) fn end_json(end: GameEnd) -> Value {
    json!({"event": "game_over", "result": end.result.as_pgn(), "reason": end.reason.as_str()})
}

fn refusal_name(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::WrongCode => "wrong_code",
        Refusal::IncompatibleVersion => "incompatible_version",
        Refusal::AlreadyPaired => "already_paired",
        Refusal::Busy => "busy",
        Refusal::UnknownGame => "unknown_game",
        Refusal::Failed => "failed",
    }
}

/// Whether `side` is the player at this device.
fn is_local(game: &LiveGame, side: Side) -> bool {
    game.read(|s| s.wifi_local_color()) == Some(side.into())
}

/// "Type accept or decline."
fn answer_hint(text: &Strings, accept: &str, decline: &str) -> String {
    text.format(
        "terminal.wifi.answer_hint",
        &[
            ("accept", &command_word(text, accept)),
            ("decline", &command_word(text, decline)),
        ],
    )
}

/// What a refused command says to the player.
pub(super) fn describe_error(text: &Strings, error: &LiveError) -> String {
    let key = match error {
        LiveError::Game(GameError::DrawAlreadyOffered) => "terminal.wifi.draw_already_offered",
        LiveError::Game(GameError::NoDrawOffer) => "terminal.wifi.no_draw_offer",
        LiveError::Game(e) => return describe_game_error(text, e),
        LiveError::NotStarted => "terminal.wifi.not_started",
        LiveError::NotConnected => "terminal.wifi.not_connected",
        LiveError::GameNotOver => "terminal.wifi.game_not_over",
        LiveError::NoRematchRequest => "terminal.wifi.no_rematch_request",
        LiveError::NotHost => "terminal.wifi.not_host",
        LiveError::NotPairing => "terminal.wifi.not_pairing",
        // A clock to pause and a link to start belong to other ways to play.
        LiveError::ClockPaused | LiveError::NoClockToPause | LiveError::NeedsLink => {
            "terminal.not_possible"
        }
    };
    text.text(key).to_owned()
}

/// Tells an event; returns the exit status when it ends the program.
pub(super) fn report(
    game: &LiveGame,
    e: &EventKind,
    out: &Output,
    save: Option<&Path>,
) -> Option<ExitCode> {
    match e {
        EventKind::MovePlayed { played, by } => {
            out.json_only(
                json!({"event": "move", "ply": played.ply, "color": color_name(played.side), "san": played.san, "uci": played.uci, "local": *by == Controller::Local}),
            );
            show(game, out);
        }
        // Over Wi-Fi a game is replaced only by the host's (a start, a
        // rematch, a resync), and the news that follows shows it.
        EventKind::PositionChanged => {}
        EventKind::ClockChanged => {
            if let Some(clock) = game.clock() {
                out.json_only(
                    json!({"event": "clock", "white_ms": clock.white.ms, "black_ms": clock.black.ms}),
                );
            }
        }
        EventKind::DrawOffered { by } => {
            let local = is_local(game, *by);
            out.emit(
                json!({"event": "draw_offered", "by": color_name(*by)}),
                |text| {
                    if local {
                        text.text("draw.offer_sent").to_owned()
                    } else {
                        format!(
                            "{}\n{}",
                            text.text("draw.offer_received"),
                            answer_hint(text, "accept_draw", "decline_draw")
                        )
                    }
                },
            );
        }
        EventKind::DrawDeclined { by } => {
            let key = if is_local(game, *by) {
                "terminal.wifi.draw_declined_by_you"
            } else {
                "draw.offer_declined"
            };
            out.emit(
                json!({"event": "draw_declined", "by": color_name(*by)}),
                |text| text.text(key).to_owned(),
            );
        }
        EventKind::GameOver { end } => {
            out.emit(end_json(*end), |text| {
                let rematch = command_word(text, "rematch");
                format!(
                    "{}\n{}",
                    describe_end(text, *end),
                    text.format("terminal.wifi.rematch_hint", &[("command", &rematch)])
                )
            });
            // A script's game ends here; a person may ask for a rematch.
            if out.json {
                return Some(ExitCode::SUCCESS);
            }
        }
        EventKind::ComputerThinking { .. } | EventKind::LowTime { .. } => {}
        EventKind::Peer { event } => return report_peer(game, event, out, save),
    }
    None
}

fn report_peer(
    game: &LiveGame,
    e: &PeerEvent,
    out: &Output,
    save: Option<&Path>,
) -> Option<ExitCode> {
    match e {
        PeerEvent::CodeChanged { code } => out
            .emit(json!({"event": "code_changed", "code": code}), |text| {
                text.format("wifi.pairing_code", &[("code", code)])
            }),
        PeerEvent::WrongCode { attempts } => {
            // While waiting, the host may show a code no one has tried.
            let waiting = !game.view().peer.is_some_and(|p| p.started);
            out.emit(
                json!({"event": "wrong_code", "attempts": attempts}),
                |text| {
                    let mut said =
                        text.plural("terminal.wifi.wrong_codes", u64::from(*attempts), &[]);
                    if waiting {
                        let new_code = command_word(text, "new_code");
                        said.push('\n');
                        said.push_str(
                            &text.format("terminal.wifi.new_code_hint", &[("command", &new_code)]),
                        );
                    }
                    said
                },
            );
        }
        // A wrong code has just been told of.
        PeerEvent::Refused {
            refusal: Refusal::WrongCode,
        } => out.json_only(json!({"event": "refused_connection", "reason": "wrong_code"})),
        PeerEvent::Refused { refusal } => out.emit(
            json!({"event": "refused_connection", "reason": refusal_name(*refusal)}),
            |text| {
                text.text(&format!("terminal.wifi.refused.{}", refusal_name(*refusal)))
                    .to_owned()
            },
        ),
        PeerEvent::Dropped { from, reason } => out.emit(
            json!({"event": "dropped_connection", "from": from, "reason": format!("{reason:?}")}),
            |text| {
                let key = match reason {
                    DropReason::Silent => "silent",
                    DropReason::TooSlow => "too_slow",
                    DropReason::Crowded => "crowded",
                    DropReason::Paused => "paused",
                    DropReason::Malformed => "malformed",
                };
                text.format(
                    &format!("terminal.wifi.dropped.{key}"),
                    &[("address", from)],
                )
            },
        ),
        PeerEvent::RefusedByHost { refusal } => {
            let key = match refusal {
                Refusal::WrongCode => "wifi.wrong_code",
                Refusal::IncompatibleVersion => "error.network.incompatible_version",
                Refusal::AlreadyPaired => "terminal.wifi.already_paired",
                Refusal::Busy => "wifi.refused_busy",
                Refusal::UnknownGame => "wifi.refused_unknown_game",
                Refusal::Failed => "terminal.wifi.turned_away",
            };
            out.emit(
                json!({"event": "refused", "reason": refusal_name(*refusal)}),
                |text| text.text(key).to_owned(),
            );
            return Some(ExitCode::from(EXIT_FAILED));
        }
        PeerEvent::Unreachable => {
            out.emit(json!({"event": "unreachable"}), |text| {
                text.text("wifi.unreachable").to_owned()
            });
            return Some(ExitCode::from(EXIT_FAILED));
        }
        PeerEvent::Connected { resumed } => {
            let key = if *resumed {
                "terminal.wifi.connection_back"
            } else {
                "wifi.connected"
            };
            out.emit(json!({"event": "connected", "resumed": resumed}), |text| {
                text.text(key).to_owned()
            })
        }
        PeerEvent::LinkLost => {
            // The joiner reconnects by itself; the host waits for it.
            let host = game.view().peer.is_some_and(|p| p.role == PeerRole::Host);
            let key = if host {
                "terminal.wifi.link_lost"
            } else {
                "wifi.reconnecting"
            };
            out.emit(json!({"event": "link_lost"}), |text| {
                text.text(key).to_owned()
            })
        }
        PeerEvent::GameStarted { local } => {
            let (tc, opponent) = game.read(|s| {
                let config = s.config();
                let opponent = match Color::from(*local) {
                    Color::White => config.black_name.clone(),
                    Color::Black => config.white_name.clone(),
                };
                (config.time_control, opponent)
            });
            out.emit(
                json!({"event": "game_started", "color": color_name(*local), "time_control": tc.map(|t| t.to_string()), "opponent": opponent}),
                |text| {
                    let colour = match Color::from(*local) {
                        Color::White => "game.you_play_white",
                        Color::Black => "game.you_play_black",
                    };
                    let mut said = vec![
                        text.text("terminal.wifi.game_starts").to_owned(),
                        text.text(colour).to_owned(),
                    ];
                    if let Some(name) = &opponent {
                        said.push(text.format("terminal.wifi.opponent", &[("name", name)]));
                    }
                    said.join("\n")
                },
            );
            show(game, out);
        }
        PeerEvent::PlayerNamed { side } => {
            let color = Color::from(*side);
            let (name, opponent) = game.read(|s| {
                let config = s.config();
                let name = match color {
                    Color::White => config.white_name.clone(),
                    Color::Black => config.black_name.clone(),
                };
                (name, s.controller(color) != Controller::Local)
            });
            let value = json!({"event": "player_named", "color": color_name(*side), "name": name});
            // A person is told only who the opponent is; the joiner heard it
            // when the game began, the host hears it now.
            match (&name, opponent) {
                (Some(name), true) => out.emit(value, |text| {
                    text.format("terminal.wifi.opponent", &[("name", name)])
                }),
                _ => out.json_only(value),
            }
        }
        PeerEvent::Resynced => {
            out.emit(json!({"event": "resynced"}), |text| {
                text.text("terminal.wifi.resynced").to_owned()
            });
            show(game, out);
        }
        // Only the opponent's request is news (this player's own is told
        // when it is made).
        PeerEvent::RematchOffered { by } => out.emit(
            json!({"event": "rematch_offered", "by": color_name(*by)}),
            |text| {
                format!(
                    "{}\n{}",
                    text.text("wifi.rematch_offered"),
                    answer_hint(text, "rematch", "decline_rematch")
                )
            },
        ),
        PeerEvent::RematchDeclined { by } => out.emit(
            json!({"event": "rematch_declined", "by": color_name(*by)}),
            |text| text.text("wifi.rematch_declined").to_owned(),
        ),
        PeerEvent::PeerError { complaint } => out.emit(
            json!({"event": "peer_error", "complaint": format!("{complaint:?}")}),
            |text| {
                let key = match complaint {
                    PeerComplaint::Malformed => "malformed",
                    PeerComplaint::IllegalMove => "illegal_move",
                    PeerComplaint::OutOfTurn => "out_of_turn",
                    PeerComplaint::Unexpected => "unexpected",
                    PeerComplaint::GamesDiffered => "games_differed",
                };
                text.text(&format!("terminal.wifi.peer_error.{key}"))
                    .to_owned()
            },
        ),
        PeerEvent::PeerLeft => out.emit(json!({"event": "peer_left"}), |text| {
            text.text("wifi.peer_left").to_owned()
        }),
        PeerEvent::Adjourned { save: adjourned } => {
            adjourn(adjourned, out, save);
            return Some(ExitCode::from(EXIT_ADJOURNED));
        }
        PeerEvent::Closed => {
            out.emit(json!({"event": "closed"}), |text| {
                text.text("terminal.wifi.disconnected").to_owned()
            });
            return Some(ExitCode::SUCCESS);
        }
    }
    None
}

/// The game stopped unfinished. It is kept in the save file already;
/// without one a person gets a file of its own, a script the save in the
/// event.
fn adjourn(adjourned: &str, out: &Output, save: Option<&Path>) {
    let value = |file: Option<&Path>| json!({"event": "adjourned", "save": adjourned, "file": file.map(|f| f.display().to_string())});
    if out.json {
        out.json_only(value(save));
        return;
    }
    let (file, written) = match save {
        Some(path) => (path.to_path_buf(), true),
        None => {
            let path = PathBuf::from("rokada-adjourned.json");
            let written = std::fs::write(&path, adjourned).is_ok();
            (path, written)
        }
    };
    out.say(|text| {
        let key = if written {
            "terminal.wifi.adjourned_saved"
        } else {
            "terminal.wifi.adjourned_unsaved"
        };
        text.format(key, &[("name", &file.display())])
    });
}
