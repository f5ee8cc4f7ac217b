import AVFoundation
import RokadaKit
import SwiftUI
import UIKit

/// Sounds, haptic ticks, VoiceOver announcements and the idle timer, for
/// the game screens.
@MainActor
final class DeviceFeedback: GameFeedback {
    private var players: [GameSound: AVAudioPlayer] = [:]
    private let light = UIImpactFeedbackGenerator(style: .light)
    private let medium = UIImpactFeedbackGenerator(style: .medium)
    private let rigid = UIImpactFeedbackGenerator(style: .rigid)
    private let notification = UINotificationFeedbackGenerator()

    init() {
        // Ambient: the sounds mix with other audio and follow the silent
        // switch.
        try? AVAudioSession.sharedInstance().setCategory(.ambient)
        for sound in GameSound.allCases {
            guard let url = Bundle.main.url(forResource: sound.rawValue, withExtension: "caf"),
                  let player = try? AVAudioPlayer(contentsOf: url)
            else { continue }
            // Loaded once, so a move sounds without delay.
            player.prepareToPlay()
            players[sound] = player
        }
    }

    func play(_ sound: GameSound) {
        guard let player = players[sound] else { return }
        player.currentTime = 0
        player.play()
    }

    func tick(_ haptic: Haptic) {
        switch haptic {
        case .move: light.impactOccurred()
        case .heavyMove: medium.impactOccurred()
        case .check: rigid.impactOccurred()
        case .gameOver: notification.notificationOccurred(.success)
        case .warning: notification.notificationOccurred(.warning)
        }
    }

    func announce(_ text: String) {
        AccessibilityNotification.Announcement(text).post()
    }

    func keepScreenOn(_ on: Bool) {
        UIApplication.shared.isIdleTimerDisabled = on
    }
}
