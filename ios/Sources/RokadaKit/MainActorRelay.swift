import Dispatch

/// The core's listener for a screen: it hands every event to the main
/// actor, in the order the core sent them (the core calls it on the game's
/// event thread). The screen's closure holds the screen weakly, so the
/// game keeps no screen alive.
final class MainActorRelay: GameListener {
    private let deliver: @Sendable (LiveEvent) -> Void

    init(_ receive: @escaping @MainActor @Sendable (LiveEvent) -> Void) {
        deliver = { event in
            // The main queue runs its blocks in order; a Task would not
            // promise that.
            DispatchQueue.main.async {
                MainActor.assumeIsolated { receive(event) }
            }
        }
    }

    func onEvent(event: LiveEvent) {
        deliver(event)
    }
}
