import XCTest
@testable import LifelineKit

/// Runs every dialect's own samples through the recogniser: each line must yield exactly what its entry says.
/// The same table documents the dialects (README's input-format table).
final class DialectSamplesTests: XCTestCase {
    func testEveryDialectIsDocumentedWithSamples() {
        let identifiers = DialectRegistry.all.map { $0.description.identifier }
        XCTAssertEqual(Set(identifiers).count, identifiers.count, "identifiers are unique")
        for dialect in DialectRegistry.all {
            XCTAssertFalse(dialect.description.summary.isEmpty, dialect.description.identifier)
            XCTAssertFalse(dialect.description.samples.isEmpty, dialect.description.identifier)
        }
        for dialect in DialectRegistry.naming {
            XCTAssertTrue(DialectRegistry.all.contains { $0 == dialect }, "\(dialect) is in the documented table")
        }
    }

    func testEverySampleYieldsWhatItsDialectSays() {
        for dialect in DialectRegistry.all {
            for sample in dialect.description.samples {
                XCTAssertEqual(Self.yield(of: sample.line) ?? .other, sample.yields, "\(dialect.description.identifier): \(sample.line)")
            }
        }
    }

    /// README's dialect table has one row per dialect, in the order the recogniser asks them, and each row's
    /// examples are lines that dialect reads.
    func testReadmeDialectTableListsEveryDialectInOrder() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- dialects:begin -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- dialects:end -->"))
        let rows = text[begin.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.map { $0.split(separator: "`")[1] }.map(String.init), DialectRegistry.all.map { $0.description.identifier })
        for row in rows {
            let example = row.split(separator: "|")[1]
            let lines = example.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for line in lines where !line.contains("…") {
                XCTAssertNotNil(Self.yield(of: line), "README example \(line) is recognised")
            }
        }
    }

    /// A recogniser that read lines before reads each sample as a fresh one does: what it remembers of texts read
    /// lately (`RecognitionCache`, `ControllerNames`) changes nothing. Every sample twice in a row, then all again.
    func testSamplesReadTheSameByARecognizerThatReadThemBefore() {
        var recognizer = EventRecognizer()
        var samples: [DialectSample] = []
        for dialect in DialectRegistry.all { samples += dialect.description.samples }
        var reads: [DialectSample] = []
        for sample in samples { reads += [sample, sample] }
        reads += samples
        for (round, sample) in reads.enumerated() {
            XCTAssertEqual(Self.yield(of: sample.line, by: &recognizer) ?? .other, sample.yields, "read \(round): \(sample.line)")
        }
        // The same text before a common word (`init`) and a rarer one: each remembered with what it asked.
        for line in ["Network init", "Network viewDidLoad", "Network init", "Network viewDidLoad"] {
            var fresh = EventRecognizer()
            XCTAssertEqual(Self.yield(of: line, by: &recognizer), Self.yield(of: line, by: &fresh), line)
        }
    }

    /// What the recogniser makes of `line`, in the samples' terms.
    static func yield(of line: String) -> DialectSample.Yield? {
        var recognizer = EventRecognizer()
        return yield(of: line, by: &recognizer)
    }

    static func yield(of line: String, by recognizer: inout EventRecognizer) -> DialectSample.Yield? {
        var copy = line
        let outcome = copy.withUTF8 { bytes in recognizer.recognize(bytes, in: 0..<bytes.count) }
        switch outcome {
        case .none:
            return nil
        case .unattributed:
            return .unattributed
        case .event:
            guard let event = outcome.event else { return nil }
            switch event.kind {
            case .callback(let callback) where recognizer.vouching == .needsVouching:
                return .callbackIfVouched(callback, controller: event.controller?.description ?? "?")
            case .callback(let callback):
                let argument: String?
                switch event.argument {
                case .noParent?: argument = "nil"
                case .controller(let ref)?: argument = ref.description
                case nil: argument = nil
                }
                return .callback(callback, controller: event.controller?.description ?? "?", argument: argument)
            case .uikitWarning:
                return .warning(controller: event.controller?.description ?? "?")
            case .observerAdded, .observerRemoved, .observersRemovedAll:
                return .observer(event.kind, controller: event.controller?.description)
            case .appEvent:
                return nil  // the recognizer makes no app events: the configuration's patterns do
            }
        }
    }
}
