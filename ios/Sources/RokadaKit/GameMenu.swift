import RokadaCore

/// One entry of the game menu, with the string keys its screen shows.
public struct GameMenuItem: Equatable, Hashable, Sendable {
    public let action: GameAction

    public init(action: GameAction) {
        self.action = action
    }

    public var titleKey: String {
        switch action {
        case .claimDraw(.threefoldRepetition): "game.menu.claim_threefold"
        case .claimDraw(.fiftyMoveRule): "game.menu.claim_fifty"
        case .agreeDraw: "game.menu.draw_agreement"
        case .offerDraw: "game.menu.offer_draw"
        case .acceptDraw: "game.menu.accept_draw"
        case .declineDraw: "game.menu.decline_draw"
        case .resign: "game.menu.resign"
        case .undo: "game.menu.undo"
        case .redo: "game.menu.redo"
        case .flipBoard: "game.menu.flip_board"
        case .sharePgn: "game.menu.share_pgn"
        case .newGame: "game.menu.new_game"
        }
    }

    /// The question to ask before acting, for actions that cannot be taken
    /// back.
    public var confirmationKey: String? {
        switch action {
        case .resign: "game.confirm.resign"
        case .newGame: "game.confirm.new_game"
        case .agreeDraw: "game.confirm.draw_agreement"
        default: nil
        }
    }

    public var isDestructive: Bool {
        action == .resign
    }
}

extension GameEnd {
    public var resultKey: String {
        switch result {
        case .whiteWins: "end.white_wins"
        case .blackWins: "end.black_wins"
        case .draw: "end.draw"
        }
    }

    public var reasonKey: String {
        switch reason {
        case .checkmate: "end.reason.checkmate"
        case .stalemate: "end.reason.stalemate"
        case .insufficientMaterial: "end.reason.insufficient_material"
        case .deadPosition: "end.reason.dead_position"
        case .fivefoldRepetition: "end.reason.fivefold_repetition"
        case .seventyFiveMoveRule: "end.reason.seventy_five_move_rule"
        case .threefoldRepetition: "end.reason.threefold_repetition"
        case .fiftyMoveRule: "end.reason.fifty_move_rule"
        case .agreement: "end.reason.agreement"
        case .resignation: "end.reason.resignation"
        case .timeout: "end.reason.timeout"
        case .timeoutCannotMate: "end.reason.timeout_cannot_mate"
        }
    }
}

extension RokadaError {
    /// The message a player sees when the core refuses something.
    public var messageKey: String {
        switch self {
        case .IllegalMove, .UnparsableMove, .IllegalNotation, .AmbiguousNotation: "error.illegal_move"
        case .GameOver: "error.game_over"
        case .NotYourTurn, .NotAllowedInMode: "error.not_your_turn"
        case .NothingToUndo, .NothingToRedo: "error.nothing_to_undo"
        case .DrawNotClaimable, .NoDrawOffer, .DrawAlreadyOffered: "error.no_draw_to_claim"
        case .InvalidFen, .InvalidLevel, .InvalidTimeControl: "error.bad_fen"
        case .InvalidSave: "error.bad_save"
        case .InvalidPgn: "error.bad_pgn"
        case .InvalidPairingCode: "wifi.wrong_code"
        case .InvalidAddress: "wifi.bad_address"
        case .Network, .NotConnected: "error.network.connection_lost"
        case .GameNotOver, .NoRematchRequest: "error.not_your_turn"
        }
    }
}

/// The promotion sheet's four pieces.
public enum PromotionChoice {
    public static let kinds: [PieceKind] = [.queen, .rook, .bishop, .knight]

    public static func pieces(for side: Side) -> [Piece] {
        kinds.map { Piece(side: side, kind: $0) }
    }

    public static func titleKey(of kind: PieceKind) -> String {
        "promotion.\(kind.keyName)"
    }
}

extension PieceKind {
    /// The kind as it appears in string keys (`knight`).
    public var keyName: String {
        switch self {
        case .pawn: "pawn"
        case .knight: "knight"
        case .bishop: "bishop"
        case .rook: "rook"
        case .queen: "queen"
        case .king: "king"
        }
    }

    /// The English letter of notation, the same in every language.
    public var notationLetter: String {
        switch self {
        case .pawn: ""
        case .knight: "N"
        case .bishop: "B"
        case .rook: "R"
        case .queen: "Q"
        case .king: "K"
        }
    }
}

extension Side {
    public var keyName: String {
        switch self {
        case .white: "white"
        case .black: "black"
        }
    }

    public var opponent: Side {
        switch self {
        case .white: .black
        case .black: .white
        }
    }
}

extension Piece {
    /// The accessibility description's key (`a11y.piece.white_knight`).
    public var accessibilityKey: String {
        "a11y.piece.\(side.keyName)_\(kind.keyName)"
    }
}
