import Foundation
@testable import LifelineKit

/// Runs a trace given as text through the whole engine, as `lifeline check` would.
enum TraceFixture {
    struct Outcome {
        var findings: [Finding]
        var statistics: TraceStatistics
        var unparseable: [UnparseableLine]
    }

    static func analyze(_ text: String, options: AnalysisOptions = AnalysisOptions()) throws -> Outcome {
        try analyze(bytes: Array(text.utf8), options: options)
    }

    /// The same with the options of a `.lifeline.json` given as text.
    static func analyze(_ text: String, configuration: String) throws -> Outcome {
        try analyze(text, options: ConfigurationParser.parse(configuration, file: "test.json").options(for: "t.log", base: AnalysisOptions()))
    }

    static func analyze(bytes: [UInt8], options: AnalysisOptions = AnalysisOptions()) throws -> Outcome {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString).log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var findings: [Finding] = []
        var unparseable: [UnparseableLine] = []
        var observer = TraceAnalyzer.Observer { findings.append($0) }
        observer.unparseable = { unparseable.append($0) }
        let statistics = try TraceAnalyzer(options: options).analyze(.file(url.path), observer: observer)
        return Outcome(findings: Finding.sortedForOutput(findings), statistics: statistics, unparseable: unparseable)
    }
}
