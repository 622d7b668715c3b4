import Foundation
import XCTest
@testable import LifelineKit

/// Timelines built from trace text or sample traces, and golden files, for the timeline report tests.
enum TimelineFixture {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Runs `text` through the same analysis as `check` and records its timeline, shown as `name`.
    static func timeline(_ text: String, name: String = "trace.log", options: AnalysisOptions = AnalysisOptions(),
                         eventTexts: Bool = true) throws -> TraceTimeline {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-timeline-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try TimelineBuilder.build(.file(url.path), name: name, options: options, eventTexts: eventTexts)
    }

    /// A model of sample traces, named as from the package root (`SampleTraces/push-pop.log`).
    static func samples(_ names: [String]) throws -> TimelineModel {
        TimelineModel(traces: try names.map { name in
            let path = packageRoot.appendingPathComponent("SampleTraces/\(name)").path
            return try TimelineBuilder.build(.file(path), name: "SampleTraces/\(name)", options: AnalysisOptions())
        })
    }

    /// Compares `actual` with the golden file `name`; `LIFELINE_UPDATE_GOLDEN=1` rewrites it (review the diff).
    static func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LIFELINE_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(actual == expected, "\(name) differs from its golden file; LIFELINE_UPDATE_GOLDEN=1 rewrites it", file: file, line: line)
    }

    /// `count` controllers pushed and popped in turn (init, load, appear, disappear, dealloc), every tenth one
    /// hand-called `viewWillAppear` while appeared: an appearance-order error.
    static func syntheticTrace(controllers count: Int) -> String {
        var lines: [String] = []
        lines.reserveCapacity(count * 7)
        var millisecond = 0
        func line(_ address: Int, _ callback: String) {
            let seconds = millisecond / 1000, fraction = millisecond % 1000
            let time = String(format: "2024-03-01 10:%02d:%02d.%03d", seconds / 60 % 60, seconds % 60, fraction)
            lines.append("\(time) Shop[4089:361037] <Shop.Screen\(address % 7)ViewController: 0x\(String(0x7f0000 + address, radix: 16))> \(callback)")
            millisecond += 3
        }
        for index in 0..<count {
            for callback in ["init(nibName:bundle:)", "viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)"] { line(index, callback) }
            if index % 10 == 0 { line(index, "viewWillAppear(_:)") }
            for callback in ["viewWillDisappear(_:)", "viewDidDisappear(_:)", "deinit"] { line(index, callback) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension TimelineReportWriter {
    /// The report as text, for assertions.
    func text(_ model: TimelineModel) -> String { String(decoding: write(model), as: UTF8.self) }
}
