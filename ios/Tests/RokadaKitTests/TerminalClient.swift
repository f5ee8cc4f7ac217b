#if os(Linux) || os(macOS)
import Foundation
import XCTest
@testable import RokadaKit

/// One JSON event of the terminal client, its values as text.
typealias TerminalEvent = [String: String]

/// The terminal client (`rokada host --json`) as a test opponent: JSON
/// events from its standard output, commands to its standard input.
final class TerminalClient: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private var events: [TerminalEvent] = []

    /// `ROKADA_CLI`: the terminal client built by scripts/test-ios.sh.
    static func executable() throws -> URL {
        guard let path = ProcessInfo.processInfo.environment["ROKADA_CLI"], !path.isEmpty else {
            throw XCTSkip("ROKADA_CLI is not set: scripts/test-ios.sh sets it to the built terminal client")
        }
        return URL(fileURLWithPath: path)
    }

    init(arguments: [String]) throws {
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.receive(handle.availableData)
        }
        try process.run()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning {
            process.terminate()
        }
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Every event so far whose `event` field is `name`.
    func events(named name: String) -> [TerminalEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events.filter { $0["event"] == name }
    }

    /// Waits for the first event named `name`.
    func waitFor(_ name: String, timeout: TimeInterval = 30) async throws -> TerminalEvent {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let event = events(named: name).first {
                return event
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw TimedOut(what: "the terminal client's \(name) event")
    }

    func waitForExit(timeout: TimeInterval = 30) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw TimedOut(what: "the terminal client to exit") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return process.terminationStatus
    }

    private func receive(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(data)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[buffer.startIndex..<newline]
            buffer.removeSubrange(buffer.startIndex...newline)
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                events.append(object.mapValues { "\($0)" })
            }
        }
    }
}
#endif
