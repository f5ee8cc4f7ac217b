import AudioToolbox

/// The click of a piece being set down, when sound is on in the settings.
enum MoveSound {
    /// The system's key-press click: short, quiet, and silent when the
    /// phone's ringer switch is off.
    private static let click: SystemSoundID = 1104

    static func play() {
        AudioServicesPlaySystemSound(click)
    }
}
