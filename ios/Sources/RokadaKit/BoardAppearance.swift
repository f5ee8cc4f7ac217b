/// A colour of the core's board themes (ARGB, `0xAARRGGBB`) as the four
/// components SwiftUI takes, each from 0 to 1.
public struct RGBA: Equatable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(argb: UInt32) {
        func component(_ shift: UInt32) -> Double {
            Double((argb >> shift) & 0xFF) / 255
        }
        alpha = component(24)
        red = component(16)
        green = component(8)
        blue = component(0)
    }

    /// The same colour fully transparent: where the check glow fades to.
    public var clear: RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: 0)
    }

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// Everything the board paints in one theme, from `boardColors(theme)`.
public struct BoardPalette: Equatable, Sendable {
    public let light: RGBA
    public let dark: RGBA
    public let lastMove: RGBA
    public let selected: RGBA
    public let hint: RGBA
    /// The centre of the glow under a king in check.
    public let check: RGBA
    public let coordinateOnLight: RGBA
    public let coordinateOnDark: RGBA

    public init(theme: BoardTheme) {
        let colors = boardColors(theme: theme)
        light = RGBA(argb: colors.light)
        dark = RGBA(argb: colors.dark)
        lastMove = RGBA(argb: colors.lastMove)
        selected = RGBA(argb: colors.selected)
        hint = RGBA(argb: colors.hint)
        check = RGBA(argb: colors.check)
        coordinateOnLight = RGBA(argb: colors.coordinateOnLight)
        coordinateOnDark = RGBA(argb: colors.coordinateOnDark)
    }

    public func square(_ square: Square) -> RGBA {
        isLightSquare(square: square) ? light : dark
    }

    public func coordinate(on square: Square) -> RGBA {
        isLightSquare(square: square) ? coordinateOnLight : coordinateOnDark
    }
}

/// What VoiceOver says for a square of the board.
public enum SquareDescription {
    /// `e4, white knight` / `e4, empty`, with the square name isolated as
    /// the language's strings place it.
    public static func label(of square: Square, piece: Piece?, in strings: any Localizer) -> String {
        let name = squareName(square: square)
        guard let piece else {
            return strings.text("a11y.square_empty", name)
        }
        return strings.text("a11y.square_piece", name, strings.text(piece.accessibilityPhrase))
    }

    /// The hint VoiceOver adds: selected, or a legal destination of the
    /// selected piece.
    public static func value(of square: Square, on board: BoardView, in strings: any Localizer) -> String? {
        let name = squareName(square: square)
        if board.selected == square {
            return strings.text("a11y.selected", name)
        }
        if board.hints.contains(where: { $0.square == square }) {
            return strings.text("a11y.legal_target", name)
        }
        return nil
    }
}

extension BoardView {
    public func piece(at square: Square) -> Piece? {
        pieces[Int(square.rawValue)]
    }

    /// Face to face: whether this piece is drawn turned round, for the
    /// player across the table.
    public func isTurned(_ piece: Piece) -> Bool {
        rotatedSide == piece.side
    }

    public func isPartOfLastMove(_ square: Square) -> Bool {
        lastMove.map { $0.from == square || $0.to == square } ?? false
    }

    public func hint(at square: Square) -> Hint? {
        hints.first { $0.square == square }
    }
}
