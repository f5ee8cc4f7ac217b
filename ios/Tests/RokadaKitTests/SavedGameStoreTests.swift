import Foundation
import RokadaCore
import XCTest
@testable import RokadaKit

@MainActor
final class SavedGameStoreTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rokada-store-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testAGameSavedMidwayResumesWhereItStopped() async throws {
        let store = SavedGameStore(directory: directory)
        XCTAssertNil(try store.read())
        let controller = try GameController(setup: setup(timeControl: TimeControl(baseMs: 600_000, incrementMs: 0)))
        for (from, to) in [(Square.e2, Square.e4), (.e7, .e5), (.g1, .f3)] {
            controller.tapMove(from, to)
        }
        try store.write(controller.save())

        let resumed = try GameController.restoring(XCTUnwrap(store.read()))
        XCTAssertEqual(resumed.state.moves, ["e4", "e5", "Nf3"])
        XCTAssertEqual(resumed.state.fen, controller.state.fen)
        XCTAssertEqual(resumed.board, controller.board)
        XCTAssertEqual(resumed.state.clock?.control, TimeControl(baseMs: 600_000, incrementMs: 0))
        guard case .played(let move) = resumed.tapMove(.b8, .c6) else { return XCTFail("the game goes on") }
        XCTAssertEqual(move.san, "Nc6")

        try store.write(resumed.save())
        XCTAssertEqual(try GameController.restoring(XCTUnwrap(store.read())).state.moves.count, 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files, ["current-game.json"], "no temporary file is left behind")

        store.remove()
        XCTAssertNil(try store.read())
    }

    func testABrokenSaveIsATypedErrorNotAGame() async throws {
        let store = SavedGameStore(directory: directory)
        try store.write("{\"not\": \"a save\"}")
        XCTAssertThrowsError(try GameController.restoring(XCTUnwrap(store.read()))) { error in
            guard case .InvalidSave = error as? RokadaError else {
                return XCTFail("expected InvalidSave, got \(error)")
            }
            XCTAssertEqual((error as? RokadaError)?.messageKey, "error.bad_save")
        }
        try Data([0xFF, 0xFE, 0x00]).write(to: store.fileURL)
        XCTAssertThrowsError(try store.read()) { error in
            XCTAssertEqual(error as? SavedGameStore.StoreError, .notText(path: store.fileURL.path))
        }
    }

    func testAnUnwritableDirectoryIsReported() async throws {
        let blocker = directory.appendingPathComponent("file")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: blocker)
        let store = SavedGameStore(directory: blocker)
        XCTAssertThrowsError(try store.write("save")) { error in
            XCTAssertEqual(error as? SavedGameStore.StoreError, .cannotCreateDirectory(path: blocker.path))
        }
    }
}
