// What the game screen says, as phrases: which string key names each of
// the core's values. The core decides what there is to say (whose move,
// which actions, who plays); this only chooses the words for it.

extension GameMode {
    /// The game screen's title, naming the way to play.
    public var title: Phrase {
        switch self {
        case .samePhone: Phrase("ios.title.same_phone")
        case .computer(_, let level): Phrase("ios.title.computer", String(level))
        case .wifiPeer: Phrase("ios.title.wifi")
        }
    }
}

extension PlayerLabel {
    /// The name on a player bar.
    public var phrase: Phrase {
        switch self {
        case .you: Phrase("ios.player.you")
        case .colour(let side): side.name
        case .named(let name): Phrase.verbatim(name)
        case .computer(let level, let rating): Phrase("ios.player.computer", String(level), String(rating))
        case .peer(let name): name.map(Phrase.verbatim) ?? Phrase("ios.player.opponent")
        }
    }
}

extension Material {
    /// `+3` beside the captured pieces, when this side is ahead.
    public var advantagePhrase: Phrase? {
        advantage > 0 ? Phrase("ios.player.advantage", String(advantage)) : nil
    }
}

extension Side {
    /// "White", "Black".
    public var name: Phrase {
        switch self {
        case .white: Phrase("color.white")
        case .black: Phrase("color.black")
        }
    }

    var keyName: String {
        switch self {
        case .white: "white"
        case .black: "black"
        }
    }
}

extension ClockFace {
    /// What VoiceOver reads for a player's clock.
    public func accessibilityPhrase(of side: Side) -> Phrase {
        Phrase("clock.\(side.keyName)", text)
    }
}

extension StatusLine {
    /// The status line under the board: the end of the game, or whose move
    /// it is and what is going on.
    public var headline: Phrase {
        if let end {
            return end.resultPhrase
        }
        if clockPaused {
            return Phrase("clock.paused")
        }
        if computerThinking {
            return Phrase("computer.thinking")
        }
        if let drawOffer, !drawOffer.fromOpponent {
            return Phrase("draw.offer_sent")
        }
        switch mover {
        case .colour(let side): return Phrase(side == .white ? "game.white_to_move" : "game.black_to_move")
        case .you: return Phrase("game.your_move")
        case .computer: return Phrase("ios.status.computer_to_move")
        case .opponent: return Phrase("game.opponent_move")
        }
    }

    /// The second part: how the game ended, or check.
    public var detail: Phrase? {
        if let end {
            return end.reasonPhrase
        }
        return check ? Phrase("game.check") : nil
    }
}

extension GameEnd {
    public var resultPhrase: Phrase {
        switch result {
        case .whiteWins: Phrase("end.white_wins")
        case .blackWins: Phrase("end.black_wins")
        case .draw: Phrase("end.draw")
        }
    }

    public var reasonPhrase: Phrase {
        Phrase("end.reason.\(reason.keyName)")
    }
}

extension EndReason {
    var keyName: String {
        switch self {
        case .checkmate: "checkmate"
        case .stalemate: "stalemate"
        case .insufficientMaterial: "insufficient_material"
        case .deadPosition: "dead_position"
        case .fivefoldRepetition: "fivefold_repetition"
        case .seventyFiveMoveRule: "seventy_five_move_rule"
        case .threefoldRepetition: "threefold_repetition"
        case .fiftyMoveRule: "fifty_move_rule"
        case .agreement: "agreement"
        case .resignation: "resignation"
        case .timeout: "timeout"
        case .timeoutCannotMate: "timeout_cannot_mate"
        }
    }
}

extension DrawClaim {
    /// The claim button, with its reason ("Claim a draw: threefold
    /// repetition").
    public var buttonPhrase: Phrase {
        switch self {
        case .threefoldRepetition: Phrase("game.menu.claim_threefold")
        case .fiftyMoveRule: Phrase("game.menu.claim_fifty")
        }
    }
}

extension GameAction {
    /// The control's title.
    public var title: Phrase {
        switch self {
        case .claimDraw(let claim): claim.buttonPhrase
        case .agreeDraw: Phrase("game.menu.draw_agreement")
        case .offerDraw: Phrase("game.menu.offer_draw")
        case .acceptDraw: Phrase("game.menu.accept_draw")
        case .declineDraw: Phrase("game.menu.decline_draw")
        case .resign: Phrase("game.menu.resign")
        case .undo: Phrase("game.menu.undo")
        case .redo: Phrase("game.menu.redo")
        case .flipBoard: Phrase("game.menu.flip_board")
        case .pauseClock: Phrase("ios.action.pause_clock")
        case .resumeClock: Phrase("ios.action.resume_clock")
        case .sharePgn: Phrase("game.menu.share_pgn")
        case .newGame: Phrase("game.menu.new_game")
        case .rematch: Phrase("wifi.rematch")
        case .declineRematch: Phrase("wifi.decline_rematch")
        case .leave: Phrase("wifi.leave")
        case .newCode: Phrase("ios.action.new_code")
        case .continueFromHere: Phrase("ios.action.continue_from_here")
        }
    }

    /// The question asked first when the core marks the action `confirm`.
    public var confirmation: Phrase {
        switch self {
        case .resign: Phrase("game.confirm.resign")
        case .agreeDraw: Phrase("game.confirm.draw_agreement")
        case .leave: Phrase("ios.confirm.leave")
        case .continueFromHere: Phrase("ios.confirm.continue_from_here")
        default: Phrase("game.confirm.new_game")
        }
    }

    /// Drawn in the warning colour: it gives up or throws away a game.
    public var isDestructive: Bool {
        switch self {
        case .resign, .leave, .newGame, .continueFromHere: true
        default: false
        }
    }

    /// An SF Symbol for the bottom bar.
    public var symbolName: String {
        switch self {
        case .claimDraw, .agreeDraw, .offerDraw, .acceptDraw: "equal.circle"
        case .declineDraw, .declineRematch: "xmark.circle"
        case .resign: "flag"
        case .undo: "arrow.uturn.backward"
        case .redo: "arrow.uturn.forward"
        case .flipBoard: "arrow.up.arrow.down"
        case .pauseClock: "pause.circle"
        case .resumeClock: "play.circle"
        case .sharePgn: "square.and.arrow.up"
        case .newGame: "plus.circle"
        case .rematch: "arrow.triangle.2.circlepath"
        case .leave: "door.left.hand.open"
        case .newCode: "number.circle"
        case .continueFromHere: "arrow.right.to.line"
        }
    }
}

extension Prompt {
    /// The dialog's question.
    public var question: Phrase {
        switch self {
        case .promotion: Phrase("promotion.title")
        case .drawOffered: Phrase("draw.offer_received")
        case .rematchOffered: Phrase("wifi.rematch_offered")
        }
    }

    /// The buttons of an offer's dialog, accepting and declining (the
    /// promotion dialog shows the pieces instead).
    public var answers: (accept: Phrase, decline: Phrase)? {
        switch self {
        case .promotion: nil
        case .drawOffered: (GameAction.acceptDraw.title, GameAction.declineDraw.title)
        case .rematchOffered: (GameAction.rematch.title, GameAction.declineRematch.title)
        }
    }
}

extension PieceKind {
    /// The four pieces a pawn may become, in the promotion dialog's order.
    public static let promotionChoices: [PieceKind] = [.queen, .rook, .bishop, .knight]

    public var name: Phrase {
        Phrase("piece.\(keyName)")
    }

    var keyName: String {
        switch self {
        case .pawn: "pawn"
        case .knight: "knight"
        case .bishop: "bishop"
        case .rook: "rook"
        case .queen: "queen"
        case .king: "king"
        }
    }
}

extension Piece {
    /// The piece's image in the asset catalogue (`piece_white_knight`).
    public var imageName: String {
        "piece_\(side.keyName)_\(kind.keyName)"
    }

    /// How VoiceOver names the piece ("white knight").
    public var accessibilityPhrase: Phrase {
        Phrase("a11y.piece.\(side.keyName)_\(kind.keyName)")
    }
}

extension Seating {
    /// The seatings the settings offer, in order.
    public static let allCases: [Seating] = [.sideBySide, .followTurn, .faceToFace]

    public var title: Phrase {
        switch self {
        case .sideBySide: Phrase("settings.orientation_white")
        case .followTurn: Phrase("settings.orientation_side_to_move")
        case .faceToFace: Phrase("ios.settings.face_to_face")
        }
    }
}

extension BoardTheme {
    public var title: Phrase {
        switch self {
        case .wood: Phrase("ios.settings.theme_wood")
        case .slate: Phrase("ios.settings.theme_slate")
        case .tournament: Phrase("ios.settings.theme_tournament")
        }
    }
}
