import Foundation
import XCTest
@testable import LifelineKit

final class AtomicFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func testWritesAndReplacesLeavingNoTemporaryFile() throws {
        let path = directory.appendingPathComponent("report.html").path
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second ✓".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second ✓")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["report.html"])
    }

    func testPiecesAreWrittenInOrderAsOneFile() throws {
        let path = directory.appendingPathComponent("report.html").path
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(to: path) { write in
            for piece in ["<html>", "", "lanes ✓", "</html>\n"] { write(Data(piece.utf8)) }
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "<html>lanes ✓</html>\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["report.html"])
        let missing = directory.appendingPathComponent("missing/report.html").path
        XCTAssertThrowsError(try AtomicFile.write(to: missing) { write in write(Data("x".utf8)) })
    }

    func testFailureLeavesTheOldFileAndNothingElse() throws {
        let path = directory.appendingPathComponent("missing/report.html").path
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: path)) { error in
            XCTAssertEqual((error as? AtomicFile.WriteError)?.description, "\(path): cannot write: No such file or directory")
        }
        let occupied = directory.appendingPathComponent("taken").path
        try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: false)
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: occupied), "a directory cannot be replaced by a file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["taken"])
    }

    func testTemporaryFileIsHiddenBesideTheDestination() {
        XCTAssertEqual(AtomicFile.temporaryPath(for: "out/report.md"), "out/.report.md.lifeline-\(getpid()).tmp")
        XCTAssertEqual(AtomicFile.temporaryPath(for: "report.md"), ".report.md.lifeline-\(getpid()).tmp")
    }
}
