import RokadaCore

/// A point on the board view, in the view's own units from its top left
/// corner.
public struct BoardPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Where each square is drawn and which square a touch hits, for a square
/// board of a given size. The mapping is the core's (`screenCell`,
/// `squareAtCell`): files run a to h from White's left to right whatever
/// the interface language, so the board never mirrors in right-to-left
/// languages; only `isFlipped` turns it.
public struct BoardGeometry: Equatable, Sendable {
    public let boardSize: Double
    public let isFlipped: Bool

    public init(boardSize: Double, isFlipped: Bool) {
        self.boardSize = max(0, boardSize)
        self.isFlipped = isFlipped
    }

    public var squareSize: Double {
        boardSize / 8
    }

    public func cell(of square: Square) -> ScreenCell {
        screenCell(square: square, flipped: isFlipped)
    }

    public func origin(of square: Square) -> BoardPoint {
        let cell = cell(of: square)
        return BoardPoint(x: Double(cell.column) * squareSize, y: Double(cell.row) * squareSize)
    }

    public func center(of square: Square) -> BoardPoint {
        let origin = origin(of: square)
        return BoardPoint(x: origin.x + squareSize / 2, y: origin.y + squareSize / 2)
    }

    /// The square under a point; `nil` off the board (a drag let go outside
    /// it springs back).
    public func square(at point: BoardPoint) -> Square? {
        guard squareSize > 0, point.x >= 0, point.y >= 0, point.x < boardSize, point.y < boardSize else {
            return nil
        }
        return squareAtCell(column: UInt8(point.x / squareSize), row: UInt8(point.y / squareSize), flipped: isFlipped)
    }

    /// The squares in drawing order, row by row from the top left.
    public var squaresInScreenOrder: [Square] {
        (0..<8).flatMap { row in
            (0..<8).compactMap { column in squareAtCell(column: column, row: row, flipped: isFlipped) }
        }
    }

    /// The file letters under the bottom row, left to right.
    public var fileLabels: [String] {
        (0..<8).compactMap { column in
            squareAtCell(column: column, row: 7, flipped: isFlipped).map { String(squareName(square: $0).prefix(1)) }
        }
    }

    /// The rank digits beside the left column, top to bottom.
    public var rankLabels: [String] {
        (0..<8).compactMap { row in
            squareAtCell(column: 0, row: row, flipped: isFlipped).map { String(squareName(square: $0).suffix(1)) }
        }
    }
}

/// The board-orientation setting.
public enum BoardOrientation: String, CaseIterable, Sendable {
    /// White at the bottom, or on Wi-Fi and against the computer the
    /// player's own side.
    case playerAtBottom
    /// On one phone, the board turns toward the player to move.
    case sideToMoveAtBottom

    public var titleKey: String {
        switch self {
        case .playerAtBottom: "settings.orientation_white"
        case .sideToMoveAtBottom: "settings.orientation_side_to_move"
        }
    }

    /// Whether Black is at the bottom, before the player's own flip.
    public func isFlipped(mode: GameMode, turn: Side) -> Bool {
        switch mode {
        case .samePhone: self == .sideToMoveAtBottom && turn == .black
        case .computer(let human, _): human == .black
        case .wifiPeer(let local): local == .black
        }
    }

    /// The orientation with the player's flip from the game menu applied.
    public func isFlipped(mode: GameMode, turn: Side, flippedByPlayer: Bool) -> Bool {
        isFlipped(mode: mode, turn: turn) != flippedByPlayer
    }
}
