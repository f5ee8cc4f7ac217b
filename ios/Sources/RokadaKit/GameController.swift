import Dispatch
import Foundation
import RokadaCore

/// What changed in a game, as a screen learns it.
public enum GameUpdate: Equatable, Sendable {
    /// The screen's own input or action changed the game.
    case refreshed
    /// The core reported an event (the computer's move, a fallen flag, a
    /// draw offer, or the echo of the screen's own action).
    case event(GameEvent)
}

/// A refused move, for the board to animate the piece back to `from`.
public struct Rejection: Equatable, Sendable {
    public let from: Square
    public let to: Square
    public let reason: IllegalMoveReason
    /// Counts rejections, so that two alike in a row still animate.
    public let serial: Int
}

/// What a game-menu action asks of the screen beyond the game itself.
public enum ActionEffect: Equatable, Sendable {
    case none
    case flipBoard
    case sharePGN(String)
    case startNewGame
}

/// Owns one game of the core for a game screen and mirrors it: the state and
/// board a screen draws, updated after every input and every core event.
///
/// The core calls its listener on whatever thread caused the event (the
/// computer's search and the flag watcher run on their own); the controller
/// hands every event to the main actor, in order, before anything reads it.
@MainActor
public final class GameController {
    public let game: Game
    public private(set) var state: GameState
    /// 64 squares in `Square` order (a1, b1, ..., h8).
    public private(set) var board: [Piece?]
    public private(set) var lastRejection: Rejection?
    /// Over Wi-Fi: where pairing and the link stand.
    public private(set) var pairing = PairingFlow()
    /// Called on the main actor after every change of `state`.
    public var onUpdate: ((GameUpdate) -> Void)?

    private var rejections = 0

    public init(game: Game) {
        self.game = game
        state = game.state()
        board = game.board()
        // The relay holds the controller weakly, so the game's listener
        // keeps no screen alive.
        let relay = EventRelay { [weak self] event in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.receive(event) }
            }
        }
        game.setListener(listener: relay)
        // Events sent while the game was being created (the computer
        // starting as White, a quick pairing) came before the listener: the
        // state has them.
        if let peer = state.peer, peer.role == .host,
           let code = peer.code.flatMap(PairingCode.init), let port = peer.port
        {
            pairing.handle(.hostStarted(code: code, port: port))
        }
        reconcilePairing()
    }

    public convenience init(setup: GameSetup) throws {
        try self.init(game: Game(setup: setup))
    }

    /// A game resumed from `save()` output.
    public static func restoring(_ save: String) throws -> GameController {
        GameController(game: try Game.restore(save: save))
    }

    /// Hosts a Wi-Fi game on `port` (0: any free port); the pairing state
    /// holds the code to show and the port to advertise.
    public static func hosting(side: SideChoice, timeControl: TimeControl?, port: UInt16 = 0) throws
        -> GameController
    {
        GameController(game: try Game.hostWifi(side: side, timeControl: timeControl, port: port))
    }

    /// Hosts an adjourned Wi-Fi game again, from either device's save.
    public static func resumingHosted(_ save: String, port: UInt16 = 0) throws -> GameController {
        GameController(game: try Game.resumeWifi(save: save, port: port))
    }

    /// Joins a host with the code its screen shows.
    public static func joining(_ host: HostAddress, code: PairingCode) throws -> GameController {
        let controller = GameController(game: try Game.joinWifi(host: host.host, port: host.port, code: code.digits))
        controller.pairing.handle(.hostChosen(host))
        controller.pairing.handle(.codeSubmitted)
        controller.reconcilePairing()
        return controller
    }

    deinit {
        game.setListener(listener: nil)
    }

    // MARK: Board input

    @discardableResult
    public func tap(_ square: Square) -> InputResult {
        apply(game.tap(square: square))
    }

    @discardableResult
    public func startDrag(at square: Square) -> InputResult {
        apply(game.dragStart(square: square))
    }

    @discardableResult
    public func drop(from: Square, to: Square) -> InputResult {
        apply(game.dropPiece(from: from, to: to))
    }

    @discardableResult
    public func choosePromotion(_ kind: PieceKind) -> InputResult {
        apply(game.choosePromotion(kind: kind))
    }

    @discardableResult
    public func cancelPromotion() -> InputResult {
        apply(game.cancelPromotion())
    }

    /// The pieces the promotion sheet offers, in the colour of the pawn.
    public var promotionChoices: [Piece] {
        PromotionChoice.pieces(for: state.turn)
    }

    // MARK: The game menu

    /// The menu the core allows now, in display order.
    public var menu: [GameMenuItem] {
        state.actions.map(GameMenuItem.init(action:))
    }

    /// Runs a menu action. The caller asks for confirmation first when the
    /// item has a `confirmationKey`.
    public func perform(_ action: GameAction) throws -> ActionEffect {
        defer { refresh() }
        switch action {
        case .claimDraw(let claim): try game.claimDraw(claim: claim)
        case .agreeDraw: try game.agreeDraw()
        case .offerDraw: try game.offerDraw()
        case .acceptDraw: try game.acceptDraw()
        case .declineDraw: try game.declineDraw()
        case .resign: try game.resign()
        case .undo: try game.undo()
        case .redo: try game.redo()
        case .flipBoard: return .flipBoard
        case .sharePgn: return .sharePGN(game.pgn())
        case .newGame: return .startNewGame
        }
        return .none
    }

    // MARK: Clock, lifecycle, saving

    /// Both clock faces, White's first; empty in an untimed game.
    public var clockFaces: [ClockFace] {
        guard let clock = state.clock else { return [] }
        return [clock.face(of: .white), clock.face(of: .black)]
    }

    /// Reads the running clock again (the screen calls this while a clock
    /// runs; the core ends the game by itself when a flag falls).
    public func tick() {
        refresh()
    }

    /// The app leaves the foreground: the computer stops searching and the
    /// clock stops, except over Wi-Fi.
    public func pause() {
        game.pause()
        refresh()
    }

    public func resume() {
        game.resume()
        refresh()
    }

    public func save() -> String {
        game.save()
    }

    public var pgn: String {
        game.pgn()
    }

    public var isOver: Bool {
        state.end != nil
    }

    // MARK: Wi-Fi

    /// After a Wi-Fi game: ask for a rematch (colours swapped), or accept
    /// the opponent's request.
    public func rematch() throws {
        defer { refresh() }
        try game.rematch()
    }

    public func declineRematch() throws {
        defer { refresh() }
        try game.declineRematch()
    }

    /// Leaves a Wi-Fi game; an unfinished one is adjourned.
    public func leave() throws {
        defer { refresh() }
        try game.leave()
    }

    /// Whether the opponent asks for a rematch that this device may answer.
    public var rematchRequested: Bool {
        guard let by = state.peer?.rematchOfferedBy, case .wifiPeer(let local) = state.mode else { return false }
        return by != local
    }

    // MARK: Private

    private func apply(_ result: InputResult) -> InputResult {
        if case .rejected(let from, let to, let reason) = result {
            rejections += 1
            lastRejection = Rejection(from: from, to: to, reason: reason, serial: rejections)
        }
        refresh()
        return result
    }

    private func refresh(_ update: GameUpdate = .refreshed) {
        state = game.state()
        board = game.board()
        if case .event(.peer(let news)) = update, let input = PairingInput(news) {
            pairing.handle(input)
        }
        reconcilePairing()
        onUpdate?(update)
    }

    private func receive(_ event: GameEvent) {
        refresh(.event(event))
    }

    /// Catches the pairing flow up with the link's status, for news that
    /// came before the listener was set.
    private func reconcilePairing() {
        guard let peer = state.peer, case .wifiPeer(let local) = state.mode else { return }
        switch (pairing.state, peer.link) {
        case (.waitingForOpponent, .connected) where peer.started, (.connecting, .connected) where peer.started:
            pairing.handle(.gameStarted(local: local))
        case (.playing, .reconnecting):
            pairing.handle(.linkLost)
        case (.reconnecting, .connected):
            pairing.handle(.linkRestored)
        default:
            break
        }
    }
}

/// The core's listener: forwards every event to a closure.
private final class EventRelay: GameListener {
    private let deliver: @Sendable (GameEvent) -> Void

    init(deliver: @escaping @Sendable (GameEvent) -> Void) {
        self.deliver = deliver
    }

    func onEvent(event: GameEvent) {
        deliver(event)
    }
}
