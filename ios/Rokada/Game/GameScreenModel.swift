import Foundation
import Observation
import RokadaCore
import RokadaKit
import SwiftUI
import UIKit

/// The game over sheet's content.
struct EndPresentation: Identifiable, Equatable {
    let end: GameEnd
    var id: String {
        end.reasonKey + end.resultKey
    }
}

/// The game screen's observable mirror of a `GameController`.
@MainActor
@Observable
final class GameScreenModel {
    let controller: GameController
    private(set) var state: GameState
    private(set) var board: [Piece?]
    private(set) var rejection: Rejection?
    /// Over Wi-Fi: pairing and the link.
    private(set) var pairing: PairingState
    /// The player's own flip from the game menu.
    var flippedByPlayer = false
    var presentedEnd: EndPresentation?
    /// The opponent's pending draw offer (Wi-Fi), answered from an alert.
    var answersDrawOffer = false
    /// A short message under the board (`draw.offer_declined`).
    var noticeKey: String?
    var errorKey: String?
    /// The menu item waiting for the player's confirmation.
    var pendingConfirmation: GameMenuItem?
    /// The PGN being shared.
    var sharedPGN: String?

    @ObservationIgnored private weak var app: AppModel?
    #if canImport(Network)
    @ObservationIgnored private let advertiser = HostAdvertiser()
    @ObservationIgnored private var advertisedPort: UInt16?
    #endif

    init(controller: GameController, app: AppModel) {
        self.controller = controller
        self.app = app
        state = controller.state
        board = controller.board
        pairing = controller.pairing.state
        controller.onUpdate = { [weak self] update in
            self?.sync(update)
        }
        presentedEnd = state.end.map(EndPresentation.init(end:))
        advertiseWhileWaiting()
    }

    var isWifi: Bool {
        if case .wifiPeer = state.mode { return true }
        return false
    }

    /// Pairing that the board waits for: the host's code, connecting, a
    /// refused code, or a failure before the game began.
    var isPairing: Bool {
        switch pairing {
        case .waitingForOpponent, .searching, .enteringCode, .connecting: true
        case .ended(.unreachable), .ended(.refused): true
        case .idle, .playing, .reconnecting, .ended: false
        }
    }

    func rematch() {
        attempt { try controller.rematch() }
    }

    func declineRematch() {
        attempt { try controller.declineRematch() }
    }

    /// Stops advertising and, over Wi-Fi, leaves the game (an unfinished
    /// one is adjourned).
    func close() {
        #if canImport(Network)
        advertiser.stop()
        advertisedPort = nil
        #endif
        if isWifi, !controller.isOver, case .playing = pairing {
            attempt { try controller.leave() }
        } else if isWifi, case .reconnecting = pairing {
            attempt { try controller.leave() }
        }
    }

    private func attempt(_ action: () throws -> Void) {
        do {
            try action()
        } catch let error as RokadaError {
            errorKey = error.messageKey
        } catch {
            errorKey = "error.network.connection_lost"
        }
    }

    /// Hosts advertise `_rokada._tcp` while they wait for the opponent.
    private func advertiseWhileWaiting() {
        #if canImport(Network)
        if case .waitingForOpponent(_, let port) = pairing {
            if advertisedPort != port {
                advertiser.start(port: port, name: UIDevice.current.name)
                advertisedPort = port
            }
        } else if advertisedPort != nil {
            advertiser.stop()
            advertisedPort = nil
        }
        #endif
    }

    func piece(at square: Square) -> Piece? {
        board[Int(square.rawValue)]
    }

    func isFlipped(orientation: BoardOrientation) -> Bool {
        orientation.isFlipped(mode: state.mode, turn: state.turn, flippedByPlayer: flippedByPlayer)
    }

    /// The side drawn at the bottom of the screen.
    func bottomSide(orientation: BoardOrientation) -> Side {
        isFlipped(orientation: orientation) ? .black : .white
    }

    var menu: [GameMenuItem] {
        controller.menu
    }

    // MARK: Input

    func tap(_ square: Square) {
        controller.tap(square)
    }

    func startDrag(at square: Square) -> Bool {
        if case .selected = controller.startDrag(at: square) {
            return true
        }
        return false
    }

    /// Whether the piece lands (played, or waiting for the promotion
    /// choice); otherwise it springs back.
    func drop(from: Square, to: Square) -> Bool {
        switch controller.drop(from: from, to: to) {
        case .played, .promotionNeeded: true
        default: false
        }
    }

    func choosePromotion(_ kind: PieceKind) {
        controller.choosePromotion(kind)
    }

    func cancelPromotion() {
        if state.pendingPromotion != nil {
            controller.cancelPromotion()
        }
    }

    // MARK: Menu

    func choose(_ item: GameMenuItem) {
        if item.confirmationKey != nil {
            pendingConfirmation = item
        } else {
            run(item.action)
        }
    }

    func confirm() {
        guard let item = pendingConfirmation else { return }
        pendingConfirmation = nil
        run(item.action)
    }

    func run(_ action: GameAction) {
        do {
            switch try controller.perform(action) {
            case .none: break
            case .flipBoard: flippedByPlayer.toggle()
            case .sharePGN(let pgn): sharedPGN = pgn
            case .startNewGame: app?.leaveGame()
            }
        } catch let error as RokadaError {
            errorKey = error.messageKey
        } catch {
            errorKey = "error.illegal_move"
        }
    }

    func tick() {
        controller.tick()
    }

    // MARK: Events

    private func sync(_ update: GameUpdate) {
        state = controller.state
        board = controller.board
        rejection = controller.lastRejection
        pairing = controller.pairing.state
        advertiseWhileWaiting()
        if state.end == nil {
            // A rematch began.
            presentedEnd = nil
        }
        guard case .event(let event) = update else { return }
        switch event {
        case .movePlayed(let move, _):
            noticeKey = nil
            app?.save()
            if app?.playsSounds == true {
                MoveSound.play()
            }
            AccessibilityNotification.Announcement(
                app?.strings.text("a11y.move_played", move.san) ?? move.san
            ).post()
        case .positionChanged:
            app?.save()
        case .gameOver(let end):
            presentedEnd = EndPresentation(end: end)
            app?.save()
        case .drawOffered(let by):
            answersDrawOffer = state.actions.contains(.acceptDraw) && by != localSide
            if by == localSide {
                noticeKey = "draw.offer_sent"
            }
        case .drawDeclined(let by):
            if by != localSide {
                noticeKey = "draw.offer_declined"
            }
        case .peer(let news):
            peerNews(news)
        default:
            break
        }
    }

    private func peerNews(_ news: PeerEvent) {
        switch news {
        case .peerLeft:
            noticeKey = "wifi.peer_left"
        case .adjourned, .gameStarted:
            app?.save()
        case .rematchDeclined(let by) where by != localSide:
            noticeKey = "wifi.decline_rematch"
        default:
            break
        }
    }

    private var localSide: Side? {
        switch state.mode {
        case .samePhone: nil
        case .computer(let human, _): human
        case .wifiPeer(let local): local
        }
    }
}
