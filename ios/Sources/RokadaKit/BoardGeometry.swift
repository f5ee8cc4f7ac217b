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
/// languages; only `isFlipped` (the view's `board.flipped`) turns it.
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

    /// The coordinates drawn inside a square: its file letter on the bottom
    /// row, its rank digit on the left column.
    public func coordinates(of square: Square) -> (file: String?, rank: String?) {
        let cell = cell(of: square)
        return (
            cell.row == 7 ? fileLabels[Int(cell.column)] : nil,
            cell.column == 0 ? rankLabels[Int(cell.row)] : nil
        )
    }

    /// The coordinates' font size: a fifth of a square, so they grow with
    /// the pieces and never cover them (the pieces leave the corners free).
    public var coordinateFontSize: Double {
        squareSize * 0.2
    }

    /// What a horizontal swipe across the board does: one move back (to the
    /// right) or forward (to the left), when it went at least a square's
    /// width and further across than up or down; `nil` otherwise.
    public func swipeStep(dx: Double, dy: Double) -> Int32? {
        guard squareSize > 0, abs(dx) >= squareSize, abs(dx) > abs(dy) else { return nil }
        return dx < 0 ? 1 : -1
    }
}
