import Foundation
import Observation

/// A refused move, for the board to shake the piece back to `from`.
public struct Rejection: Equatable, Sendable {
    public let from: Square
    public let to: Square
    /// Counts rejections, so that two alike in a row both shake.
    public let serial: Int
}

/// What covers the board of a Wi-Fi game until it begins.
public enum PairingPanel: Equatable, Sendable {
    /// Host: the code to tell the other player, this device's addresses
    /// (with the port) to type instead of searching, and how many wrong
    /// codes were tried.
    case hosting(code: String, addresses: [String], wrongCodes: UInt32)
    /// A resumed game's joiner reaching the host again.
    case connecting
    /// The link ended before the game began.
    case ended(Phrase)
}

/// One game screen: the latest `GameView` of its game, its clock faces
/// ticking between changes, and what the player does on it. Every change
/// returns the view to draw; the core's events arrive on the main actor
/// in order, each with the revision it brought, and redraw only what this
/// screen has not drawn yet, but always sound, tick and speak.
@MainActor
@Observable
public final class GameScreenModel {
    @ObservationIgnored public let game: Game
    public private(set) var view: GameView
    public private(set) var rejection: Rejection?
    /// Asked before an action the core marks `confirm`.
    public var pendingConfirmation: ActionItem?
    /// A passing message: an offer declined, the opponent gone.
    public var notice: Phrase?
    /// Why the last action was refused.
    public var failure: Phrase?
    /// The game to hand to the share sheet.
    public var sharedPGN: String?
    /// Wi-Fi host: this device's addresses with the port.
    public private(set) var hostAddresses: [String] = []
    /// Called for "New game": open the setup of this way to play.
    @ObservationIgnored public var onNewGame: (@MainActor (GameMode) -> Void)?

    /// The clock as last read between changes; `nil` right after a change,
    /// whose view has the faces.
    private var ticked: ClockView?
    /// Why the link ended before the game began, as last told.
    private var linkProblem: Phrase?
    @ObservationIgnored private let settings: AppSettings
    @ObservationIgnored private let feedback: any GameFeedback
    /// The app's language now, and the strings of a language.
    @ObservationIgnored private let language: @MainActor () -> Language
    @ObservationIgnored private let localizer: (Language) -> any Localizer
    @ObservationIgnored private let localAddresses: () -> [String]
    @ObservationIgnored private var addressesPort: UInt16?
    @ObservationIgnored private var isOnScreen = false
    @ObservationIgnored private var screenKeptOn = false
    @ObservationIgnored private var rejections = 0

    public init(
        game: Game,
        settings: AppSettings,
        feedback: any GameFeedback,
        language: @escaping @MainActor () -> Language,
        localizer: @escaping (Language) -> any Localizer,
        localAddresses: @escaping () -> [String] = LocalAddresses.current
    ) {
        self.game = game
        self.settings = settings
        self.feedback = feedback
        self.language = language
        self.localizer = localizer
        self.localAddresses = localAddresses
        view = game.setOptions(options: settings.viewOptions)
        // Events so far (the computer's first move, a quick pairing) come
        // to this listener too; their revisions are drawn already.
        game.setListener(listener: MainActorRelay { [weak self] event in
            self?.receive(event)
        })
        updateHostAddresses()
    }

    deinit {
        game.setListener(listener: nil)
    }

    // MARK: The screen

    /// The screen is shown: draw with the current settings and keep the
    /// screen on while the core says so.
    public func screenAppeared() {
        isOnScreen = true
        apply(game.setOptions(options: settings.viewOptions))
        updateScreenKeptOn()
    }

    public func screenDisappeared() {
        isOnScreen = false
        updateScreenKeptOn()
    }

    /// The app goes to the background: the computer stops and the clock
    /// stops (except over Wi-Fi).
    public func pause() {
        game.pause()
    }

    public func resume() {
        game.resume()
    }

    /// The screen is done with the game: no more events come, the screen
    /// may sleep, and the game ends (the computer and the clock stop, a
    /// Wi-Fi game is adjourned and the other device told) once its last
    /// save is written, so that no late save of it overwrites a game that
    /// replaces it in the same slot.
    public func close() {
        game.setListener(listener: nil)
        game.stop()
        screenDisappeared()
    }

    // MARK: Touches

    public func tap(_ square: Square) {
        touched(game.tap(square: square))
    }

    /// Whether a piece was picked up to drag.
    public func dragStart(_ square: Square) -> Bool {
        if case .selected = touched(game.dragStart(square: square)) {
            return true
        }
        return false
    }

    /// Whether the piece lands (played, or waiting for the promotion
    /// choice); otherwise it springs back.
    public func drop(from: Square, to: Square) -> Bool {
        switch touched(game.dropPiece(from: from, to: to)) {
        case .played, .promotionNeeded: true
        default: false
        }
    }

    /// A swipe across the board steps through the moves.
    public func swipe(dx: Double, dy: Double, geometry: BoardGeometry) {
        if let delta = geometry.swipeStep(dx: dx, dy: dy) {
            step(delta)
        }
    }

    /// The answer to the prompt on show: the promotion's piece is chosen
    /// with `choosePromotion`; here `accept` takes an offer or a rematch,
    /// and `false` declines it or closes the promotion dialog.
    public func answer(_ prompt: Prompt, accept: Bool) {
        switch prompt {
        case .promotion:
            if !accept {
                touched(game.cancelPromotion())
            }
        case .drawOffered:
            perform(accept ? .acceptDraw : .declineDraw)
        case .rematchOffered:
            perform(accept ? .rematch : .declineRematch)
        }
    }

    public func choosePromotion(_ kind: PieceKind) {
        touched(game.choosePromotion(kind: kind))
    }

    // MARK: Actions

    /// A control of the bar or the menu: asks first when the core says so.
    public func choose(_ item: ActionItem) {
        guard item.enabled else { return }
        if item.confirm {
            pendingConfirmation = item
        } else {
            perform(item.action)
        }
    }

    /// The player confirmed the pending action.
    public func confirm() {
        guard let item = pendingConfirmation else { return }
        pendingConfirmation = nil
        perform(item.action)
    }

    /// The control of `action`, in the bar or the menu, if the core offers
    /// it now (a screen may show it in a second place, as the pairing panel
    /// shows "New code").
    public func control(_ action: GameAction) -> ActionItem? {
        (view.actions.bar + view.actions.menu).first { $0.action == action }
    }

    public func claim(_ claim: DrawClaim) {
        perform(.claimDraw(claim: claim))
    }

    public func perform(_ action: GameAction) {
        do {
            switch try game.perform(action: action) {
            case .done(let view):
                apply(view)
            case .share(let pgn):
                sharedPGN = pgn
            case .newGame:
                onNewGame?(view.mode)
            }
        } catch {
            failure = phrase(for: error)
        }
    }

    // MARK: Browsing

    /// Shows the position after the move of a tapped cell.
    public func show(_ cell: MoveCell) {
        apply(game.showPly(ply: cell.ply))
    }

    public func step(_ delta: Int32) {
        apply(game.step(delta: delta))
    }

    public func showLive() {
        apply(game.showLive())
    }

    /// The move list's cell on show: the last move when live.
    public func isOnShow(_ cell: MoveCell) -> Bool {
        view.browse.shown == cell.ply
    }

    /// The ply the move list scrolls to: the move on show.
    public var moveListAnchor: UInt32? {
        view.browse.shown > 0 ? view.browse.shown : nil
    }

    // MARK: Clock

    /// Reads the clock again; the screen calls it while `clockRuns`.
    public func tick() {
        ticked = game.clock()
    }

    /// Whether a clock face is counting down.
    public var clockRuns: Bool {
        !view.status.clockPaused && [view.top, view.bottom].contains { $0.clock?.running == true }
    }

    /// The face of a player bar's clock, as last read.
    public func clock(of bar: PlayerBar) -> ClockFace? {
        guard let face = bar.clock else { return nil }
        guard let ticked else { return face }
        return bar.side == .white ? ticked.white : ticked.black
    }

    // MARK: Wi-Fi

    /// What covers the board until a Wi-Fi game begins.
    public var pairingPanel: PairingPanel? {
        guard let peer = view.peer, !peer.started else { return nil }
        switch (peer.link, peer.role) {
        case (.pairing, .host):
            return .hosting(code: peer.code ?? "", addresses: hostAddresses, wrongCodes: peer.wrongCodes)
        case (.pairing, .joiner), (.connected, _), (.reconnecting, _):
            return .connecting
        case (.closed, _):
            return .ended(linkProblem ?? Phrase("wifi.unreachable"))
        }
    }

    /// The link dropped during the game and is coming back by itself.
    public var isReconnecting: Bool {
        view.peer?.link == .reconnecting
    }

    /// Host: the port to advertise as `_rokada._tcp` while waiting for the
    /// other device; `nil` when nothing is to be advertised.
    public var advertisedPort: UInt16? {
        guard let peer = view.peer, peer.role == .host, peer.link == .pairing, !peer.started else { return nil }
        return peer.port
    }

    // MARK: Private

    @discardableResult
    private func touched(_ touched: Touched) -> TouchOutcome {
        if case .rejected(let from, let to, _) = touched.outcome {
            rejections += 1
            rejection = Rejection(from: from, to: to, serial: rejections)
        }
        apply(touched.view)
        return touched.outcome
    }

    /// Draws `new` unless a later revision is drawn already.
    private func apply(_ new: GameView) {
        guard new.revision >= view.revision else { return }
        view = new
        ticked = nil
        updateHostAddresses()
        updateScreenKeptOn()
    }

    private func receive(_ event: LiveEvent) {
        if event.revision > view.revision {
            apply(game.view())
        }
        react(to: event.kind)
    }

    private func react(to kind: EventKind) {
        let effect = EventFeedback(kind, mode: view.mode, endSound: view.status.endSound)
        if settings.sounds, let sound = effect.sound {
            feedback.play(sound)
        }
        if settings.haptics, let haptic = effect.haptic {
            feedback.tick(haptic)
        }
        if let announcement = announcement(of: kind) {
            feedback.announce(announcement)
        }
        if case .movePlayed = kind {
            notice = nil
        }
        if let news = Self.notice(of: kind, mode: view.mode) {
            notice = news
        }
        if case .peer(let event) = kind, let problem = Self.linkProblem(event) {
            linkProblem = problem
        }
    }

    /// What VoiceOver says of an event: a move in words, as the core says
    /// it ("Knight takes e5, check"), and how the game ended.
    private func announcement(of kind: EventKind) -> String? {
        let language = language()
        switch kind {
        case .movePlayed(let played, _):
            return spokenMove(played: played, language: language)
        case .gameOver(let end):
            let strings = localizer(language)
            return strings.text(end.resultPhrase) + ". " + strings.text(end.reasonPhrase)
        default:
            return nil
        }
    }

    /// The passing message an event brings, if any.
    nonisolated static func notice(of kind: EventKind, mode: GameMode) -> Phrase? {
        switch kind {
        case .drawDeclined(let by) where !mode.isPlayedHere(by: by):
            return Phrase("draw.offer_declined")
        case .peer(let event):
            switch event {
            case .peerLeft: return Phrase("wifi.peer_left")
            case .rematchDeclined(let by) where !mode.isPlayedHere(by: by): return Phrase("wifi.rematch_declined")
            case .codeChanged: return Phrase("wifi.code_changed")
            case .resynced: return Phrase("ios.wifi.resynced")
            case .peerError: return Phrase("ios.wifi.peer_refused")
            case .adjourned: return Phrase("wifi.adjourned")
            default: return linkProblem(event)
            }
        default:
            return nil
        }
    }

    nonisolated static func linkProblem(_ event: PeerEvent) -> Phrase? {
        switch event {
        case .refusedByHost(let refusal): refusal.phrase
        case .unreachable: Phrase("wifi.unreachable")
        default: nil
        }
    }

    private func updateHostAddresses() {
        guard let peer = view.peer, peer.role == .host, let port = peer.port, port != addressesPort else { return }
        addressesPort = port
        hostAddresses = localAddresses().map { hostAddressText(address: HostAddress(host: $0, port: port)) }
    }

    /// The screen stays on exactly while it is shown and the core says so.
    private func updateScreenKeptOn() {
        let on = isOnScreen && view.keepAwake
        guard on != screenKeptOn else { return }
        screenKeptOn = on
        feedback.keepScreenOn(on)
    }
}
