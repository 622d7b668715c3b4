import Foundation
import XCTest
@testable import LifelineKit

/// The drop-ins in `Scripts/instrumentation/` cannot be compiled here (UIKit is Apple's), so each has a fixture of
/// the lines it prints. The tests tie the fixture to the source (every line fits a message literal of the drop-in,
/// and every literal has a line) and to the engine (each line is the event its words say, and the whole session is
/// clean), so instrumentation and parser never drift apart.
final class DropInTests: XCTestCase {
    struct DropIn {
        let source: String
        let fixture: String
        /// Finds the message literal of each logging call; group 1 is the literal's text.
        let call: String
        /// An interpolation or format specifier inside a literal.
        let placeholder: String
        let controllers: Int
    }

    static let dropIns = [
        DropIn(source: "LifelineTracing.swift", fixture: "swift-dropin.log",
               call: #"\b(?:trace|emit)\(\s*[\w.]+\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)"#,
               placeholder: #"\\\((?:[^()]|\([^()]*\))*\)"#, controllers: 4),
        DropIn(source: "UIViewController+LifelineTracing.m", fixture: "objc-dropin.log",
               call: #"\bLL(?:Trace|Emit)\(\s*[\w.]+\s*,\s*@"((?:[^"\\]|\\.)*)""#,
               placeholder: #"%[@dp]"#, controllers: 4),
        DropIn(source: "LifelineViewController.cs", fixture: "csharp-dropin.log",
               call: #"\bTrace\(\s*\$?"((?:[^"\\]|\\.)*)"\s*\)"#,
               placeholder: #"\{(?:[^{}])*\}"#, controllers: 3),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func fixtureLines(_ dropIn: DropIn) throws -> [String] {
        let url = root.appendingPathComponent("Tests/LifelineKitTests/Instrumentation/Fixtures/\(dropIn.fixture)")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The message literals of a drop-in's logging calls, as regular expressions (a placeholder matches one word or
    /// one description).
    static func messageFormats(_ dropIn: DropIn) throws -> [String] {
        let source = try String(contentsOf: root.appendingPathComponent("Scripts/instrumentation/\(dropIn.source)"), encoding: .utf8)
        let call = try NSRegularExpression(pattern: dropIn.call)
        let placeholder = try NSRegularExpression(pattern: dropIn.placeholder)
        return call.matches(in: source, range: NSRange(source.startIndex..., in: source)).map { match in
            let literal = String(source[Range(match.range(at: 1), in: source)!])
            var pattern = "", last = literal.startIndex
            for hole in placeholder.matches(in: literal, range: NSRange(literal.startIndex..., in: literal)) {
                let range = Range(hole.range, in: literal)!
                pattern += NSRegularExpression.escapedPattern(for: String(literal[last..<range.lowerBound])) + "(?:\(description)|\\S+)"
                last = range.upperBound
            }
            return pattern + NSRegularExpression.escapedPattern(for: String(literal[last...]))
        }
    }

    /// The description every drop-in prints first: `<Class: 0xADDRESS>`.
    static let description = #"<[A-Za-z_][\w.+]*: 0x[0-9a-f]+>"#

    func testEveryFixtureLineHasAFormatInItsDropInAndEveryFormatALine() throws {
        for dropIn in Self.dropIns {
            let formats = try Self.messageFormats(dropIn)
            XCTAssertGreaterThanOrEqual(formats.count, 16, "\(dropIn.source): logging calls found")
            let expressions = try formats.map { try NSRegularExpression(pattern: "^\(Self.description) \($0)$") }
            var used = Set<Int>()
            for line in try Self.fixtureLines(dropIn) {
                let fits = expressions.indices.filter { expressions[$0].firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }
                XCTAssertFalse(fits.isEmpty, "\(dropIn.fixture): no message of \(dropIn.source) prints \(line)")
                used.formUnion(fits)
            }
            for index in formats.indices where !used.contains(index) {
                XCTAssertTrue(false, "\(dropIn.source): no line of \(dropIn.fixture) shows the message \(formats[index])")
            }
        }
    }

    /// What each callback word of the drop-ins must be read as, in every spelling they print.
    static let callbacks: [String: Callback] = [
        "loadView": .loadView, "LoadView": .loadView, "viewDidLoad": .viewDidLoad, "ViewDidLoad": .viewDidLoad,
        "viewWillAppear": .viewWillAppear, "ViewWillAppear": .viewWillAppear,
        "viewIsAppearing": .viewIsAppearing, "ViewIsAppearing": .viewIsAppearing,
        "viewDidAppear": .viewDidAppear, "ViewDidAppear": .viewDidAppear,
        "viewWillDisappear": .viewWillDisappear, "ViewWillDisappear": .viewWillDisappear,
        "viewDidDisappear": .viewDidDisappear, "ViewDidDisappear": .viewDidDisappear,
        "viewWillLayoutSubviews": .viewWillLayoutSubviews, "ViewWillLayoutSubviews": .viewWillLayoutSubviews,
        "viewDidLayoutSubviews": .viewDidLayoutSubviews, "ViewDidLayoutSubviews": .viewDidLayoutSubviews,
        "willMove": .willMove, "WillMoveToParentViewController": .willMove,
        "didMove": .didMove, "DidMoveToParentViewController": .didMove,
        "addChild": .addChild, "AddChildViewController": .addChild,
        "removeFromParent": .removeFromParent, "RemoveFromParentViewController": .removeFromParent,
        "deinit": .dealloc, "dealloc": .dealloc, "Dispose": .dealloc,
    ]

    /// Each line, read by a regular expression here, must be the event, controller (class and address) and
    /// argument the engine reads.
    func testEachLineIsTheEventItsWordsSay() throws {
        let shape = try NSRegularExpression(pattern: #"^(<([^:>]+): 0x([0-9a-f]+)>) (\w+)(?: (\w+)=(<[^>]+>|\S+)| (self))?$"#)
        for dropIn in Self.dropIns {
            for line in try Self.fixtureLines(dropIn) {
                let match = try XCTUnwrap(shape.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
                func group(_ index: Int) -> String? { Range(match.range(at: index), in: line).map { String(line[$0]) } }
                let controller = group(1)!, word = group(4)!, value = group(6)  // group 5 is the key word (`parent=`), not checked
                let expected: DialectSample.Yield
                switch word {
                case "addObserver", "AddObserver":
                    expected = .observer(.observerAdded(try XCTUnwrap(value)), controller: controller)
                case "removeObserver" where group(7) == "self", "RemoveObserver" where group(7) == "self":
                    expected = .observer(.observersRemovedAll, controller: controller)
                case "removeObserver", "RemoveObserver":
                    expected = .observer(.observerRemoved(try XCTUnwrap(value)), controller: controller)
                default:
                    let callback = try XCTUnwrap(Self.callbacks[word], "\(dropIn.fixture): \(word) has an expected callback")
                    let argument = callback.takesControllerArgument ? value : nil
                    expected = .callback(callback, controller: controller, argument: argument)
                    if callback.takesControllerArgument { XCTAssertNotNil(value, line) }
                }
                XCTAssertEqual(DialectSamplesTests.yield(of: line), expected, "\(dropIn.fixture): \(line)")
                let ref = ControllerRef(name: group(2)!, address: UInt64(group(3)!, radix: 16))
                XCTAssertEqual(ref.description, controller, "class and address round-trip: \(line)")
            }
        }
    }

    /// A fixture is a correct session (launch, push, a child, pop, deallocation): every line is an event and
    /// Lifeline finds nothing, at any severity.
    func testEachFixtureIsACleanSession() throws {
        for dropIn in Self.dropIns {
            let lines = try Self.fixtureLines(dropIn)
            let outcome = try TraceFixture.analyze(lines.joined(separator: "\n") + "\n")
            XCTAssertEqual(outcome.findings.map { "\($0.line): \($0.message)" }, [], dropIn.fixture)
            XCTAssertEqual(outcome.statistics.lines, lines.count, dropIn.fixture)
            XCTAssertEqual(outcome.statistics.events, lines.count, dropIn.fixture)
            XCTAssertEqual(outcome.statistics.unattributedLines, 0, dropIn.fixture)
            XCTAssertEqual(outcome.statistics.controllers, dropIn.controllers, dropIn.fixture)
        }
    }

    /// As `log stream --style compact` shows them (the unified log adds time, process and thread; here 10 ms apart),
    /// the lines are still a clean session; and the drop-in's deallocation line is what tells a freed controller
    /// from a leak: logged 6 s after the pop, it is reported as late.
    func testWithTimesALateDeallocationIsReported() throws {
        for dropIn in Self.dropIns {
            let lines = try Self.fixtureLines(dropIn)
            let streamed = lines.enumerated().map { index, line in
                "2026-03-01 10:00:\(String(format: "%06.3f", Double(index) / 100)) Df Shop[4089:4b8a41] [lifeline:lifecycle] \(line)"
            }
            XCTAssertEqual(try TraceFixture.analyze(streamed.joined(separator: "\n") + "\n").findings.map(\.rule), [], dropIn.fixture)
            let cartDeallocation = try XCTUnwrap(lines.lastIndex { $0.contains("CartViewController: ") })
            XCTAssertTrue(["deinit", "dealloc", "Dispose"].contains(lines[cartDeallocation].split(separator: " ").last!), dropIn.fixture)
            var late = streamed
            late.remove(at: cartDeallocation)
            late.append("2026-03-01 10:00:06.000 Df Shop[4089:4b8a41] [lifeline:lifecycle] \(lines[cartDeallocation])")
            let findings = try TraceFixture.analyze(late.joined(separator: "\n") + "\n").findings
            XCTAssertEqual(findings.map(\.rule), ["not-deallocated"], dropIn.fixture)
            XCTAssertTrue(findings.first?.message.contains("CartViewController") == true, "\(dropIn.fixture): \(findings.map(\.message))")
        }
    }
}
