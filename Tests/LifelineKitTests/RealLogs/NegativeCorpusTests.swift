import Foundation
import XCTest
@testable import LifelineKit

/// Console output with no lifecycle line in it (`Negative/`, each with its `source`): crash reports, backtraces,
/// Auto Layout dumps, networking noise, cross-platform runtimes' output. Lifeline must read no event from any of
/// it and report nothing.
final class NegativeCorpusTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Negative")

    func testNoLineOfTheNegativeCorpusIsALifecycleEvent() throws {
        let logs = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".log") }.sorted()
        XCTAssertGreaterThanOrEqual(logs.count, 20)
        for log in logs {
            let url = Self.folder.appendingPathComponent(log)
            let source = url.deletingPathExtension().appendingPathExtension("source.txt")
            XCTAssertTrue(try String(contentsOf: source, encoding: .utf8).contains("Source:"), "\(log) keeps its source")
            var events: [String] = []
            try LineExplainer().explain(.file(url.path)) { explanation in
                if case .event(let kind, _, _, _) = explanation.reading, kind.appEvent == nil {
                    events.append("\(explanation.line): \(explanation.text)")
                }
            }
            XCTAssertEqual(events, [], "\(log) has no lifecycle line")
            let outcome = try TraceFixture.analyze(bytes: Array(try Data(contentsOf: url)))
            XCTAssertEqual(outcome.findings.map { "\($0.rule)@\($0.line)" }, [], log)
            XCTAssertEqual(outcome.statistics.events, 0, log)
        }
    }

    /// Every shape of `BacktraceFrames` refuses its own samples, whatever callback they name.
    func testEveryBacktraceShapeRefusesItsSamples() {
        for shape in BacktraceFrames.Shape.allCases {
            for sample in shape.samples {
                var copy = sample
                var recognizer = EventRecognizer()
                let outcome = copy.withUTF8 { recognizer.recognize($0, in: 0..<$0.count) }
                XCTAssertNil(outcome.event, "\(shape.name): \(sample)")
                XCTAssertTrue(recognizer.rejection?.contains(shape.name) == true || recognizer.rejection?.contains("stack frame") == true,
                              "\(shape.name): \(sample) → \(recognizer.rejection ?? "no reason")")
            }
        }
    }
}
