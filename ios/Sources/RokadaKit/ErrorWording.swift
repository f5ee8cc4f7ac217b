// What a player reads when the core refuses something: one phrase per
// kind of refusal, with what the core names (the half-move of a bad PGN).

extension RokadaError {
    public var phrase: Phrase {
        switch self {
        case .IllegalMove, .UnparsableMove, .IllegalNotation, .AmbiguousNotation: Phrase("error.illegal_move")
        case .GameOver: Phrase("error.game_over")
        case .NotYourTurn, .NotAllowedInMode: Phrase("error.not_your_turn")
        case .NothingToUndo, .NothingToRedo: Phrase("error.nothing_to_undo")
        case .NoDrawOffer, .DrawAlreadyOffered, .DrawNotClaimable: Phrase("error.no_draw_to_claim")
        case .InvalidFen, .InvalidLevel, .InvalidTimeControl: Phrase("error.bad_fen")
        case .InvalidSave: Phrase("error.bad_save")
        case .InvalidPgn(let kind, let ply, let text): Self.pgnPhrase(kind: kind, ply: ply, text: text)
        case .InvalidPairingCode: Phrase("ios.wifi.code_six_digits")
        case .InvalidAddress(_, let problem): problem.phrase
        case .Network: Phrase("ios.error.network")
        case .Storage: Phrase("ios.error.storage")
        case .NotConnected: Phrase("ios.error.not_connected")
        case .NotStarted, .NotPairing: Phrase("ios.error.not_started")
        case .GameNotOver: Phrase("error.game_over")
        case .NoRematchRequest: Phrase("ios.error.no_rematch")
        case .ClockPaused, .NoClockToPause: Phrase("ios.error.clock_paused")
        }
    }

    /// A PGN the core refused, naming the half-move and the text at fault.
    static func pgnPhrase(kind: PgnErrorKind, ply: UInt32, text: String) -> Phrase {
        switch kind {
        case .illegalMove: Phrase("ios.pgn.illegal_move", String(ply), text)
        case .moveAfterEnd: Phrase("ios.pgn.move_after_end", String(ply), text)
        case .badFen: Phrase("ios.pgn.bad_fen")
        case .noGame: Phrase("ios.pgn.no_game")
        case .unterminatedComment, .unterminatedVariation, .unmatchedParenthesis, .badTag, .unexpectedToken:
            Phrase("ios.pgn.malformed", text)
        }
    }
}

extension AddressProblem {
    public var phrase: Phrase {
        switch self {
        case .empty: Phrase("wifi.address_empty")
        case .badPort: Phrase("wifi.address_bad_port")
        case .badHost: Phrase("wifi.address_bad_host")
        }
    }
}

extension Refusal {
    /// Why the host turned this device away.
    public var phrase: Phrase {
        switch self {
        case .wrongCode: Phrase("wifi.wrong_code")
        case .incompatibleVersion: Phrase("error.network.incompatible_version")
        case .alreadyPaired: Phrase("wifi.refused_already_paired")
        case .busy: Phrase("wifi.refused_busy")
        case .unknownGame: Phrase("wifi.refused_unknown_game")
        case .failed: Phrase("wifi.refused")
        }
    }
}

/// A refusal as a phrase, whatever was thrown: the core's errors in their
/// own words, anything else (the file system) as a storage problem.
public func phrase(for error: any Error) -> Phrase {
    (error as? RokadaError)?.phrase ?? Phrase("ios.error.storage")
}
