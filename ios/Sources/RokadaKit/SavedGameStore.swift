import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The game in progress, kept in one file so that nothing is lost when the
/// system ends the app. Writes go to a temporary file in the same directory
/// that then replaces the old one in a single rename, so a crash leaves
/// either the old save or the new one, never half of one.
public struct SavedGameStore: Sendable {
    public enum StoreError: Error, Equatable {
        case cannotCreateDirectory(path: String)
        case cannotWrite(path: String, errno: Int32)
        case cannotReplace(path: String, errno: Int32)
        case cannotRead(path: String)
        case notText(path: String)
        case tooLarge(path: String, bytes: Int)
    }

    /// Far more than any real game's save (the core refuses larger ones too).
    public static let maximumBytes = 4 << 20

    public let fileURL: URL

    public init(directory: URL, fileName: String = "current-game.json") {
        fileURL = directory.appendingPathComponent(fileName, isDirectory: false)
    }

    public func write(_ save: String) throws {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateDirectory(path: directory.path)
        }
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try writeDurably(Data(save.utf8), to: temporary)
            guard rename(temporary.path, fileURL.path) == 0 else {
                throw StoreError.cannotReplace(path: fileURL.path, errno: errno)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The saved game, or `nil` when there is none.
    public func read() throws -> String? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int) ?? 0
        guard size <= Self.maximumBytes else {
            throw StoreError.tooLarge(path: fileURL.path, bytes: size)
        }
        guard let data = try? Data(contentsOf: fileURL) else {
            throw StoreError.cannotRead(path: fileURL.path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StoreError.notText(path: fileURL.path)
        }
        return text
    }

    public func remove() {
        try? FileManager.default.removeItem(at: fileURL)
    }

    /// Writes and flushes to the disk before the rename, so the rename never
    /// publishes a file whose bytes are still in flight.
    private func writeDurably(_ data: Data, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = try? FileHandle(forWritingTo: url)
        else {
            throw StoreError.cannotWrite(path: url.path, errno: errno)
        }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            throw StoreError.cannotWrite(path: url.path, errno: errno)
        }
    }
}
