//! The diagram data and its checks.

use super::*;

#[test]
fn data_parses() {
    let diagrams = parse_diagrams(DIAGRAMS_JSON).expect("diagram data parses");
    assert!(!diagrams.is_empty());
}

#[test]
fn every_diagram_shows_what_it_claims() {
    for d in diagrams() {
        verify(d).unwrap_or_else(|e| panic!("{e}"));
    }
}

fn with_claim(id: &str, fen: &str, claim: Claim) -> Diagram {
    let fen: Fen = fen.parse().expect("test FEN");
    let position = fen
        .clone()
        .into_position(CastlingMode::Standard)
        .expect("legal");
    Diagram {
        id: id.to_owned(),
        fen,
        position,
        last_move: None,
        checked_king: None,
        claim,
    }
}

#[test]
fn wrong_claims_are_rejected() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let wrong = [
        with_claim("a", start, Claim::Checkmate),
        with_claim("b", start, Claim::Stalemate),
        with_claim("c", start, Claim::InsufficientMaterial),
        with_claim(
            "d",
            start,
            Claim::Perft {
                nodes: vec![20, 401],
            },
        ),
        with_claim(
            "e",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            Claim::CastlingIllegal {
                side: CastlingSide::KingSide,
                attacked: Square::F1,
            },
        ),
        with_claim(
            "f",
            "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1",
            Claim::CastlingLegal {
                side: CastlingSide::KingSide,
                attacked: Square::F1,
            },
        ),
        with_claim(
            "g",
            "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",
            Claim::EnPassantLegal {
                from: Square::E5,
                to: Square::D6,
            },
        ),
        with_claim(
            "h",
            "8/8/4k3/3n4/8/3KN3/8/8 w - - 0 1",
            Claim::InsufficientMaterial,
        ),
        with_claim(
            "i",
            start,
            Claim::Repetition {
                line: ["Nf3", "Nf6", "Ng1", "Ng8"]
                    .iter()
                    .map(|s| s.parse().expect("san"))
                    .collect(),
                threefold_after: 4,
                fivefold_after: 8,
            },
        ),
    ];
    for d in &wrong {
        assert!(verify(d).is_err(), "diagram {} should fail", d.id);
    }
}

#[test]
fn bad_data_is_a_typed_error() {
    assert!(matches!(
        parse_diagrams("{"),
        Err(DiagramDataError::Json(_))
    ));
    let bad_fen = r#"{"diagrams":[{"id":"x","fen":"nonsense","claim":{"kind":"stalemate"}}]}"#;
    assert!(matches!(
        parse_diagrams(bad_fen),
        Err(DiagramDataError::Fen { .. })
    ));
    let bad_square = r#"{"diagrams":[{"id":"x","fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","checked_king":"z9","claim":{"kind":"stalemate"}}]}"#;
    assert!(matches!(
        parse_diagrams(bad_square),
        Err(DiagramDataError::Square { .. })
    ));
}
