import RokadaKit
import SwiftUI

/// The chess board as the core's view has it: tap a piece then a square,
/// or drag it; swipe across the board to step through the moves. The
/// board is always laid out left to right (files a to h from White's
/// left), also when the interface runs right to left.
struct BoardView: View {
    let model: GameScreenModel
    let theme: BoardTheme

    @Environment(\.strings) private var strings
    @State private var drag: Drag?

    /// A gesture on the board: a piece being dragged, or a swipe.
    private enum Drag: Equatable {
        case piece(from: Square, translation: CGSize)
        case swipe
    }

    var body: some View {
        GeometryReader { proxy in
            let size = min(proxy.size.width, proxy.size.height)
            let geometry = BoardGeometry(boardSize: size, isFlipped: model.view.board.flipped)
            let palette = BoardPalette(theme: theme)
            ZStack(alignment: .topLeading) {
                ForEach(geometry.squaresInScreenOrder, id: \.self) { square in
                    SquareView(model: model, square: square, geometry: geometry, palette: palette,
                               isDragged: draggedSquare == square)
                }
                if case .piece(let from, let translation) = drag, let piece = model.view.board.piece(at: from) {
                    let center = geometry.center(of: from)
                    Image(piece.imageName)
                        .resizable()
                        .frame(width: geometry.squareSize * 1.2, height: geometry.squareSize * 1.2)
                        .rotationEffect(model.view.board.isTurned(piece) ? .degrees(180) : .zero)
                        .position(x: center.x + translation.width,
                                  y: center.y + translation.height - geometry.squareSize * 0.3)
                        .allowsHitTesting(false)
                        .accessibilityHidden(true)
                }
            }
            .frame(width: size, height: size)
            .contentShape(Rectangle())
            .gesture(gesture(geometry))
            .accessibilityElement(children: .contain)
            .accessibilityLabel(strings["a11y.board"])
        }
        .aspectRatio(1, contentMode: .fit)
        .environment(\.layoutDirection, .leftToRight)
    }

    private var draggedSquare: Square? {
        if case .piece(let from, _) = drag { return from }
        return nil
    }

    private func gesture(_ geometry: BoardGeometry) -> some Gesture {
        DragGesture(minimumDistance: 6, coordinateSpace: .local)
            .onChanged { value in
                switch drag {
                case .piece(let from, _):
                    drag = .piece(from: from, translation: value.translation)
                case .swipe:
                    break
                case nil:
                    // A drag that picks up no piece is a swipe.
                    let start = BoardPoint(x: value.startLocation.x, y: value.startLocation.y)
                    if let from = geometry.square(at: start), model.dragStart(from) {
                        drag = .piece(from: from, translation: value.translation)
                    } else {
                        drag = .swipe
                    }
                }
            }
            .onEnded { value in
                switch drag {
                case .piece(let from, _):
                    let end = BoardPoint(x: value.location.x, y: value.location.y)
                    if geometry.square(at: end).map({ model.drop(from: from, to: $0) }) == true {
                        drag = nil
                    } else {
                        // Illegal or off the board: the piece springs back.
                        withAnimation(.spring(response: 0.3, dampingFraction: 0.65)) {
                            drag = .piece(from: from, translation: .zero)
                        } completion: {
                            drag = nil
                        }
                    }
                case .swipe:
                    drag = nil
                    model.swipe(dx: value.translation.width, dy: value.translation.height, geometry: geometry)
                case nil:
                    break
                }
            }
    }
}

/// One square: its colour, the last move and selection, the check glow,
/// the coordinates, the piece and a move hint.
private struct SquareView: View {
    let model: GameScreenModel
    let square: Square
    let geometry: BoardGeometry
    let palette: BoardPalette
    let isDragged: Bool
    @Environment(\.strings) private var strings

    var body: some View {
        let board = model.view.board
        let center = geometry.center(of: square)
        let piece = board.piece(at: square)
        let size = geometry.squareSize
        ZStack {
            Rectangle().fill(Color(palette.square(square)))
            if board.isPartOfLastMove(square) {
                Rectangle().fill(Color(palette.lastMove))
            }
            if board.selected == square {
                Rectangle().fill(Color(palette.selected))
            }
            if board.checkedKing == square {
                // A soft glow under the king, fading out at the square's edge.
                RadialGradient(colors: [Color(palette.check), Color(palette.check.clear)], center: .center,
                               startRadius: 0, endRadius: size * 0.62)
            }
            coordinates
            if let piece, !isDragged {
                Image(piece.imageName)
                    .resizable()
                    .frame(width: size, height: size)
                    .rotationEffect(board.isTurned(piece) ? .degrees(180) : .zero)
                    .phaseAnimator([0.0, -6.0, 6.0, 0.0], trigger: shakeTrigger) { content, offset in
                        content.offset(x: offset)
                    }
            }
            if let hint = board.hint(at: square) {
                HintMark(isCapture: hint.capture, size: size, color: Color(palette.hint))
            }
        }
        .frame(width: size, height: size)
        .position(x: center.x, y: center.y)
        .onTapGesture {
            model.tap(square)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(SquareDescription.label(of: square, piece: piece, in: strings))
        .accessibilityValue(SquareDescription.value(of: square, on: board, in: strings) ?? "")
        .accessibilityAddTraits(.isButton)
        .accessibilityAddTraits(board.selected == square ? .isSelected : [])
        .accessibilityAction {
            // VoiceOver moves like a tap: select a piece, then its target.
            model.tap(square)
        }
    }

    /// The file letter in the bottom right corner of the bottom row, the
    /// rank digit in the top left corner of the left column, each in the
    /// other square colour and sized with the square.
    @ViewBuilder
    private var coordinates: some View {
        let labels = geometry.coordinates(of: square)
        let font = Font.system(size: geometry.coordinateFontSize, weight: .semibold)
        let color = Color(palette.coordinate(on: square))
        if let file = labels.file {
            Text(verbatim: file)
                .font(font)
                .foregroundStyle(color)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
                .padding(2)
                .accessibilityHidden(true)
        }
        if let rank = labels.rank {
            Text(verbatim: rank)
                .font(font)
                .foregroundStyle(color)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .padding(2)
                .accessibilityHidden(true)
        }
    }

    private var shakeTrigger: Int {
        guard let rejection = model.rejection, rejection.from == square else { return 0 }
        return rejection.serial
    }
}

/// A legal destination: a dot on an empty square, a ring around a capture.
private struct HintMark: View {
    let isCapture: Bool
    let size: CGFloat
    let color: Color

    var body: some View {
        if isCapture {
            Circle()
                .stroke(color, lineWidth: size * 0.08)
                .padding(size * 0.06)
        } else {
            Circle()
                .fill(color)
                .frame(width: size * 0.3, height: size * 0.3)
        }
    }
}

extension Color {
    /// A colour of the core's board themes.
    init(_ rgba: RGBA) {
        self.init(.sRGB, red: rgba.red, green: rgba.green, blue: rgba.blue, opacity: rgba.alpha)
    }
}
