import RokadaCore
import RokadaKit
import SwiftUI

/// The chess board: tap a piece then a square, or drag it. The board is
/// always laid out left to right (files a to h from White's left), also
/// when the interface runs right to left.
struct BoardView: View {
    let model: GameScreenModel
    let isFlipped: Bool
    let showsHints: Bool

    @Environment(\.strings) private var strings
    @State private var drag: Drag?

    private struct Drag: Equatable {
        let from: Square
        var translation: CGSize
    }

    var body: some View {
        GeometryReader { proxy in
            let side = min(proxy.size.width, proxy.size.height)
            let geometry = BoardGeometry(boardSize: side, isFlipped: isFlipped)
            ZStack(alignment: .topLeading) {
                ForEach(geometry.squaresInScreenOrder, id: \.self) { square in
                    squareView(square, geometry: geometry)
                }
                if let drag, let piece = model.piece(at: drag.from) {
                    let origin = geometry.center(of: drag.from)
                    PieceGlyph(piece: piece, size: geometry.squareSize * 1.15)
                        .position(
                            x: origin.x + drag.translation.width,
                            y: origin.y + drag.translation.height - geometry.squareSize * 0.3
                        )
                        .allowsHitTesting(false)
                        .accessibilityHidden(true)
                }
            }
            .frame(width: side, height: side)
            .contentShape(Rectangle())
            .gesture(dragGesture(geometry))
            .accessibilityElement(children: .contain)
            .accessibilityLabel(strings["a11y.board"])
        }
        .aspectRatio(1, contentMode: .fit)
        .environment(\.layoutDirection, .leftToRight)
    }

    @ViewBuilder
    private func squareView(_ square: Square, geometry: BoardGeometry) -> some View {
        let center = geometry.center(of: square)
        let cell = geometry.cell(of: square)
        let piece = model.piece(at: square)
        ZStack {
            Rectangle().fill(isLightSquare(square: square) ? Color.boardLight : Color.boardDark)
            if model.state.lastMove.map({ $0.from == square || $0.to == square }) == true {
                Rectangle().fill(Color.lastMove)
            }
            if model.state.selected == square {
                Rectangle().fill(Color.selection)
            }
            if model.state.checkedKing == square {
                RadialGradient(colors: [.red, .red.opacity(0)], center: .center, startRadius: 0,
                               endRadius: geometry.squareSize * 0.7)
            }
            coordinates(of: square, cell: cell, geometry: geometry)
            if let piece, drag?.from != square {
                PieceGlyph(piece: piece, size: geometry.squareSize)
                    .phaseAnimator([0.0, -6.0, 6.0, 0.0], trigger: shakeTrigger(for: square)) { content, offset in
                        content.offset(x: offset)
                    }
            }
            if showsHints, model.state.hints.contains(square) {
                HintMark(isCapture: piece != nil, size: geometry.squareSize)
            }
        }
        .frame(width: geometry.squareSize, height: geometry.squareSize)
        .position(x: center.x, y: center.y)
        .onTapGesture {
            model.tap(square)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(SquareDescription.label(of: square, piece: piece, in: strings))
        .accessibilityValue(SquareDescription.value(of: square, in: model.state, strings: strings) ?? "")
        .accessibilityAddTraits(.isButton)
        .accessibilityAddTraits(model.state.selected == square ? .isSelected : [])
        .accessibilityAction {
            // VoiceOver moves like a tap: select a piece, then its target.
            model.tap(square)
        }
    }

    /// Letters along the bottom row and digits along the left column,
    /// inside the squares.
    @ViewBuilder
    private func coordinates(of square: Square, cell: ScreenCell, geometry: BoardGeometry) -> some View {
        let font = Font.system(size: geometry.squareSize * 0.2, weight: .semibold)
        let color = isLightSquare(square: square) ? Color.boardDark : Color.boardLight
        if cell.row == 7 {
            Text(geometry.fileLabels[Int(cell.column)])
                .font(font)
                .foregroundStyle(color)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
                .padding(2)
                .accessibilityHidden(true)
        }
        if cell.column == 0 {
            Text(geometry.rankLabels[Int(cell.row)])
                .font(font)
                .foregroundStyle(color)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .padding(2)
                .accessibilityHidden(true)
        }
    }

    private func shakeTrigger(for square: Square) -> Int {
        guard let rejection = model.rejection, rejection.from == square, drag == nil else { return 0 }
        return rejection.serial
    }

    private func dragGesture(_ geometry: BoardGeometry) -> some Gesture {
        DragGesture(minimumDistance: 6, coordinateSpace: .local)
            .onChanged { value in
                if let current = drag {
                    drag = Drag(from: current.from, translation: value.translation)
                    return
                }
                let start = BoardPoint(x: value.startLocation.x, y: value.startLocation.y)
                guard let from = geometry.square(at: start), model.startDrag(at: from) else { return }
                drag = Drag(from: from, translation: value.translation)
            }
            .onEnded { value in
                guard let current = drag else { return }
                let end = BoardPoint(x: value.location.x, y: value.location.y)
                let landed = geometry.square(at: end).map { model.drop(from: current.from, to: $0) } ?? false
                if landed {
                    drag = nil
                } else {
                    // Illegal or off the board: the piece springs back.
                    withAnimation(.spring(response: 0.3, dampingFraction: 0.65)) {
                        drag = Drag(from: current.from, translation: .zero)
                    } completion: {
                        drag = nil
                    }
                }
            }
    }
}

/// A piece drawn with the chess symbols of Unicode, filled in its colour.
struct PieceGlyph: View {
    let piece: Piece
    let size: CGFloat

    var body: some View {
        Text(symbol)
            .font(.system(size: size * 0.8))
            .foregroundStyle(piece.side == .white ? Color.white : Color.black)
            .shadow(color: piece.side == .white ? .black : .white.opacity(0.6), radius: 0.8)
            .frame(width: size, height: size)
            .accessibilityHidden(true)
    }

    private var symbol: String {
        // The filled set for both colours, so white pieces are solid too.
        switch piece.kind {
        case .king: "\u{265A}"
        case .queen: "\u{265B}"
        case .rook: "\u{265C}"
        case .bishop: "\u{265D}"
        case .knight: "\u{265E}"
        case .pawn: "\u{265F}\u{FE0E}"
        }
    }
}

/// A legal destination: a dot on an empty square, a ring around a capture.
private struct HintMark: View {
    let isCapture: Bool
    let size: CGFloat

    var body: some View {
        if isCapture {
            Circle()
                .stroke(Color.hint, lineWidth: size * 0.08)
                .padding(size * 0.06)
        } else {
            Circle()
                .fill(Color.hint)
                .frame(width: size * 0.3, height: size * 0.3)
        }
    }
}

extension Color {
    static let boardLight = Color(red: 0.93, green: 0.87, blue: 0.75)
    static let boardDark = Color(red: 0.64, green: 0.47, blue: 0.33)
    static let lastMove = Color.yellow.opacity(0.35)
    static let selection = Color.green.opacity(0.35)
    static let hint = Color.black.opacity(0.25)
}
