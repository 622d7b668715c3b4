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

    /// Hidden beside the destination, under a name no one can guess (a link planted there in advance would be
    /// written through otherwise).
    func testTemporaryFileIsHiddenBesideTheDestinationUnderAnUnpredictableName() {
        let first = AtomicFile.temporaryPath(for: "out/report.md"), second = AtomicFile.temporaryPath(for: "out/report.md")
        XCTAssertTrue(first.hasPrefix("out/.report.md.lifeline-") && first.hasSuffix(".tmp"), first)
        XCTAssertEqual(first.count, "out/.report.md.lifeline-".count + 16 + ".tmp".count)
        XCTAssertNotEqual(first, second)
        XCTAssertFalse(first.contains(String(getpid())) && second.contains(String(getpid())))
        XCTAssertTrue(AtomicFile.temporaryPath(for: "report.md").hasPrefix(".report.md.lifeline-"))
    }

    /// A replaced file keeps its mode (a 0600 report stays private) and a link to a file stays a link.
    func testAReplacedFileKeepsItsModeAndALinkStaysALink() throws {
        let path = directory.appendingPathComponent("private.html").path
        try AtomicFile.write(Array("old".utf8), to: path)
        XCTAssertEqual(chmod(path, 0o600), 0)
        try AtomicFile.write(Array("new".utf8), to: path)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
        let link = directory.appendingPathComponent("latest.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "private.html")
        try AtomicFile.write(Array("newer".utf8), to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "private.html")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "newer")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["latest.html", "private.html"])
    }

    /// What is not a regular file is written into, never replaced: `/dev/null` stays a device (as root, replacing
    /// it would break the machine), a FIFO keeps its reader, a link to one stays a link.
    /// Devices are reached through links in the test's folder: a writer that replaced what it writes would then
    /// replace the link, never the machine's `/dev/null`.
    func testDevicesFIFOsAndLinksToThemAreWrittenIntoNotReplaced() throws {
        var info = stat()
        let link = directory.appendingPathComponent("null.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        try AtomicFile.write(Array("x".utf8), to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "/dev/null")

        let fifo = directory.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try AtomicFile.write(to: fifo) { write in write(Data("through ".utf8)); write(Data("the pipe".utf8)) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self), "through the pipe")
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = directory.appendingPathComponent("full.json").path
            try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
            XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: full)) { error in
                XCTAssertEqual((error as? AtomicFile.WriteError)?.reason, "No space left on device")
            }
        }
    }

    /// A write abandoned between pieces (a signal) leaves the old file and no temporary one.
    func testAnInterruptedWriteLeavesTheOldFileAndNothingElse() throws {
        let path = directory.appendingPathComponent("report.html").path
        try AtomicFile.write(Array("old".utf8), to: path)
        var pieces = 0
        XCTAssertThrowsError(try AtomicFile.write(to: path, shouldStop: { pieces >= 2 }) { write in
            for _ in 0..<5 { pieces += 1; write(Data("piece".utf8)) }
        }) { error in XCTAssertEqual((error as? AtomicFile.WriteError)?.reason, AtomicFile.interrupted) }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["report.html"])
    }

    /// `/dev/stdout` and the like (or a link to one) are written to the descriptor as it is: a standard output
    /// redirected to a file in append mode keeps its earlier content, and the file is not replaced.
    func testStandardDescriptorsAreWrittenAsTheShellSetThemUp() throws {
        let log = directory.appendingPathComponent("ci.log").path
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: log))
        let descriptor = open(log, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        try AtomicFile.write(Array("report\n".utf8), to: "/dev/fd/\(descriptor)")
        let link = directory.appendingPathComponent("out.md").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/\(descriptor)")
        try AtomicFile.write(Array("again\n".utf8), to: link)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "earlier\nreport\nagain\n")
        XCTAssertEqual(AtomicFile.namedDescriptor("/dev/stdout"), STDOUT_FILENO)
        XCTAssertNil(AtomicFile.namedDescriptor(log))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["ci.log", "out.md"])
    }
}
