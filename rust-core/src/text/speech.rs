//! A move in words, for screen readers: "Knight takes e5, check", in each
//! language of the app, from the `speech` table of `locales/`.

use super::{Language, strings};
use crate::view::{MoveInfo, PieceKind};

fn piece_key(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "piece.pawn",
        PieceKind::Knight => "piece.knight",
        PieceKind::Bishop => "piece.bishop",
        PieceKind::Rook => "piece.rook",
        PieceKind::Queen => "piece.queen",
        PieceKind::King => "piece.king",
    }
}

/// `played` as a screen reader says it in `language`.
pub fn spoken_move(played: &MoveInfo, language: Language) -> String {
    let s = strings(language);
    let to = shakmaty::Square::from(played.to);
    let square = to.to_string();
    let mut said = if played.castle {
        let kingside = to.file() == shakmaty::File::G;
        s.text(if kingside {
            "speech.castle_kingside"
        } else {
            "speech.castle_queenside"
        })
        .to_owned()
    } else if played.piece == PieceKind::Pawn {
        match played.captured {
            Some(_) => {
                let file = shakmaty::Square::from(played.from).file().to_string();
                s.format(
                    "speech.pawn_capture",
                    &[("file", &file), ("square", &square)],
                )
            }
            None => s.format("speech.pawn_move", &[("square", &square)]),
        }
    } else {
        let piece = s.text(piece_key(played.piece));
        let key = match played.captured {
            Some(_) => "speech.piece_capture",
            None => "speech.piece_move",
        };
        s.format(key, &[("piece", &piece), ("square", &square)])
    };
    if let Some(kind) = played.promotion {
        let piece = s.text(piece_key(kind));
        said = s.format("speech.promotion", &[("said", &said), ("piece", &piece)]);
    }
    if played.en_passant {
        said = s.format("speech.en_passant", &[("said", &said)]);
    }
    if played.mate {
        said = s.format("speech.checkmate", &[("said", &said)]);
    } else if played.check {
        said = s.format("speech.check", &[("said", &said)]);
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualTime;
    use crate::session::{GameConfig, GameSession, Mode};

    /// The last move of `moves` played from `fen`, in words.
    fn said(fen: Option<&str>, moves: &[&str], language: Language) -> String {
        let mut config = GameConfig::new(Mode::SamePhone);
        config.start_fen = fen.map(str::to_owned);
        let mut session = GameSession::new(config, ManualTime::new()).unwrap();
        for m in moves {
            session.play_text(m).unwrap();
        }
        let last = session.moves().last().unwrap();
        spoken_move(&MoveInfo::from(last), language)
    }

    #[test]
    fn moves_in_english() {
        let en = Language::English;
        assert_eq!(said(None, &["Nf3"], en), "Knight f3");
        assert_eq!(said(None, &["e4"], en), "e4");
        assert_eq!(said(None, &["e4", "d5", "exd5"], en), "e takes d5");
        assert_eq!(
            said(None, &["e4", "d5", "exd5", "Qxd5"], en),
            "Queen takes d5"
        );
        assert_eq!(
            said(None, &["f3", "e5", "g4", "Qh4#"], en),
            "Queen h4, checkmate"
        );
        assert_eq!(
            said(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &["O-O"], en),
            "Castles kingside"
        );
        assert_eq!(
            said(Some("r3k3/8/8/8/8/8/8/3K4 b q - 0 1"), &["O-O-O"], en),
            "Castles queenside, check"
        );
        assert_eq!(
            said(Some("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"), &["axb8=N"], en),
            "a takes b8, promotes to Knight"
        );
        assert_eq!(
            said(Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"), &["exd6"], en),
            "e takes d6, en passant"
        );
    }

    #[test]
    fn moves_in_every_language() {
        let knight_takes_with_check =
            |l| said(Some("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1"), &["Nxd6+"], l);
        let said_all: Vec<String> = Language::ALL.map(knight_takes_with_check).to_vec();
        assert_eq!(
            said_all,
            [
                "Knight takes d6, check",
                "פרש מכה ב־\u{2066}d6\u{2069}, שח",
                "Springer slår d6, sjakk",
                "Skoczek bije d6, szach",
                "Кон взема d6, шах",
            ]
        );
        for language in Language::ALL {
            let castle = said(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &["O-O"], language);
            assert!(!castle.contains('{'), "{language:?}: {castle}");
        }
    }
}
